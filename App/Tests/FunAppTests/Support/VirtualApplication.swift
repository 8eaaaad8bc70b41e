import Foundation
import FunModelTestSupport

@testable import FunApp
@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

/// The real app, composed as `fun --script` composes it, on `directory`'s state and in `time`;
/// not started. `network`, if given, replaces its catalog loader.
@MainActor
func virtualApplication(
  in directory: TemporaryDirectory,
  time: VirtualTime,
  styleSupport: StyleSupport = .none,
  network: (any NetworkService)? = nil,
  watchesOutsideChanges: Bool = false
) throws -> FunApplication {
  let locator = try CompositionRoot.makeLocator(
    options: AppOptions(), stateFolder: directory.url, time: .virtual(time), environment: [:], isScript: true,
    clipboard: NoClipboard())
  if let network {
    locator.register(.network, network)
  }
  return FunApplication(
    services: RootDependencies(locator: locator), time: .virtual(time), styleSupport: styleSupport,
    watchesOutsideChanges: watchesOutsideChanges)
}

/// The real app on `directory`, signed in as `ada`, its catalog loaded, in a virtual time of
/// its own: two of them on one directory, watching for each other's saves, are two `fun`s
/// sharing a state folder.
@MainActor
func signedInApplication(
  in directory: TemporaryDirectory, watchesOutsideChanges: Bool = false
) async throws -> (FunApplication, VirtualTime) {
  let time = VirtualTime(watchdog: .seconds(120))
  let application = try virtualApplication(
    in: directory, time: time, watchesOutsideChanges: watchesOutsideChanges)
  application.start(session: .profile(try ProfileName(validating: "ada")))
  try await time.tasks.waitUntilIdle(timeout: .seconds(120))
  try await time.advance(by: .seconds(1))
  return (application, time)
}

/// The ids `ada`'s `favorites.json` in `directory` holds, as saved (sorted).
func savedFavorites(in directory: TemporaryDirectory) throws -> [String] {
  let data = try Data(contentsOf: URL(fileURLWithPath: directory.path("profiles/ada/favorites.json")))
  let object = try JSONSerialization.jsonObject(with: data) as? [String: [String]]
  return object?["ids"] ?? []
}
