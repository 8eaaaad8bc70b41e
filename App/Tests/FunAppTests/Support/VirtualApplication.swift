import FunCoordinator
import FunCore
import FunFrontend
import FunModel
import FunModelTestSupport

@testable import FunApp

/// The real app, composed as `fun --script` composes it, on `directory`'s state and in `time`;
/// not started. `network`, if given, replaces its catalog loader.
@MainActor
func virtualApplication(
  in directory: TemporaryDirectory,
  time: VirtualTime,
  styleSupport: StyleSupport = .none,
  network: (any NetworkService)? = nil
) throws -> FunApplication {
  var options = AppOptions()
  options.stateDirectory = directory.url.path
  let locator = try CompositionRoot.makeLocator(options: options, time: .virtual(time), environment: [:])
  if let network {
    locator.register(.network, network)
  }
  return FunApplication(services: RootDependencies(locator: locator), time: .virtual(time), styleSupport: styleSupport)
}
