import Foundation
import FunApp
import FunCoordinator
import FunCore
import FunFrontend
import FunModel

/// The real app built in process exactly as `fun` builds it (composition root, services,
/// coordinators, screens), on virtual time, with its state in `stateDirectory`; started and
/// signed in to `session`.
@MainActor
func makeInProcessApp(
  stateDirectory: String, session: Session, styleSupport: StyleSupport
) throws -> (FunApplication, VirtualTime) {
  let time = VirtualTime()
  let locator = try CompositionRoot.makeLocator(
    options: AppOptions(), stateFolder: URL(fileURLWithPath: stateDirectory, isDirectory: true),
    time: .virtual(time), environment: [:], isScript: true, clipboard: NoClipboard())
  let application = FunApplication(
    services: RootDependencies(locator: locator), time: .virtual(time), styleSupport: styleSupport)
  application.start(session: session)
  return (application, time)
}
