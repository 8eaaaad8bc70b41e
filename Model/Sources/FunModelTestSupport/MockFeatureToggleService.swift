import FunCore
import FunModel

/// An in-memory ``/FunModel/FeatureToggleService`` that records calls.
public final class MockFeatureToggleService: FeatureToggleService {
  private struct State {
    var toggles: FeatureToggles
    var toggledKeys: [FeatureToggleKey] = []
    var resetCount = 0
    var savedElsewhere: FeatureToggles?
  }

  private let state: Locked<State>
  private let stream: MulticastStream<FeatureToggles>

  /// Creates the mock with the given toggles (defaults unless told).
  public init(toggles: FeatureToggles = .defaults) {
    state = Locked(State(toggles: toggles))
    stream = MulticastStream(initial: toggles)
  }

  public var toggles: FeatureToggles {
    state.withLock { $0.toggles }
  }

  /// Every key passed to `toggle`, in order.
  public var toggledKeys: [FeatureToggleKey] {
    state.withLock { $0.toggledKeys }
  }

  /// How many times `reset` was called.
  public var resetCount: Int {
    state.withLock { $0.resetCount }
  }

  public func toggle(_ key: FeatureToggleKey, _ direction: FeatureToggles.Direction) {
    let toggles = state.withLock { state in
      state.toggledKeys.append(key)
      state.toggles.toggle(key, direction)
      return state.toggles
    }
    stream.send(toggles)
  }

  public func update(_ toggles: FeatureToggles) {
    state.withLock { $0.toggles = toggles }
    stream.send(toggles)
  }

  public func reset() {
    state.withLock { state in
      state.resetCount += 1
      state.toggles = .defaults
    }
    stream.send(.defaults)
  }

  public func changes() -> MulticastStream<FeatureToggles>.Subscription {
    stream.subscribe()
  }

  /// Plays another Fun saving `toggles`: the next ``reloadIfChanged()`` finds them.
  public func saveElsewhere(_ toggles: FeatureToggles) {
    state.withLock { $0.savedElsewhere = toggles }
  }

  public func reloadIfChanged() {
    let found = state.withLock { state -> FeatureToggles? in
      guard let toggles = state.savedElsewhere else { return nil }
      state.savedElsewhere = nil
      state.toggles = toggles
      return toggles
    }
    if let found {
      stream.send(found)
    }
  }
}
