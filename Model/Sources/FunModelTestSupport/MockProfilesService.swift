import FunCore
import FunModel

/// An in-memory ``/FunModel/ProfilesService`` that records sign-ins: names are checked as the real
/// service checks them, a new name becomes a profile, and the last one is remembered.
public final class MockProfilesService: ProfilesService {
  private struct State {
    var profiles: [ProfileName]
    var remembered: ProfileName?
    var signIns: [String] = []
    var deletions: [ProfileName] = []
    var version: UInt64 = 0
    var failure: AppError?
  }

  private let state: Locked<State>
  private let stream: MulticastStream<[ProfileName]>

  /// Creates the mock holding `profiles` (valid names), `remembered` signed in last.
  public init(profiles: [String] = [], remembered: String? = nil) {
    let names = profiles.compactMap { try? ProfileName(validating: $0) }.sorted()
    state = Locked(State(profiles: names, remembered: remembered.flatMap { try? ProfileName(validating: $0) }))
    stream = MulticastStream(initial: names)
  }

  /// Makes every later `signIn` and `deleteProfile` throw `failure` (a folder that cannot be
  /// written or removed); `nil` lets them succeed again.
  public func fail(with failure: AppError?) {
    state.withLock { $0.failure = failure }
  }

  public var profiles: [ProfileName] {
    state.withLock { $0.profiles }
  }

  public var rememberedProfile: ProfileName? {
    state.withLock { $0.remembered }
  }

  /// Every name passed to `signIn`, in order, valid or not.
  public var signIns: [String] {
    state.withLock { $0.signIns }
  }

  public func signIn(_ name: String) throws(AppError) -> ProfileName {
    let failure = state.withLock { state in
      state.signIns.append(name)
      return state.failure
    }
    if let failure { throw failure }
    let profile = try ProfileName(validating: name)
    let (changed, canonical) = state.withLock { state -> ((profiles: [ProfileName], version: UInt64)?, ProfileName) in
      state.remembered = state.profiles.first { $0 == profile } ?? profile
      guard let existing = state.profiles.first(where: { $0 == profile }) else {
        state.profiles = (state.profiles + [profile]).sorted()
        state.version += 1
        return ((state.profiles, state.version), profile)
      }
      return (nil, existing)
    }
    if let changed {
      stream.send(changed.profiles, version: changed.version)
    }
    return canonical
  }

  /// Every profile passed to `deleteProfile`, in order.
  public var deletions: [ProfileName] {
    state.withLock { $0.deletions }
  }

  public func deleteProfile(_ name: ProfileName) throws(AppError) {
    if let failure = state.withLock({ $0.failure }) { throw failure }
    let changed = state.withLock { state -> (profiles: [ProfileName], version: UInt64) in
      state.deletions.append(name)
      state.profiles.removeAll { $0 == name }
      if state.remembered == name { state.remembered = nil }
      state.version += 1
      return (state.profiles, state.version)
    }
    stream.send(changed.profiles, version: changed.version)
  }

  /// Replaces the profiles as a change on disk would (another Fun, a folder made by hand) and
  /// publishes them: `names` as given, sorted, valid ones only.
  public func replaceProfiles(with names: [String]) {
    let changed = state.withLock { state -> (profiles: [ProfileName], version: UInt64) in
      state.profiles = names.compactMap { try? ProfileName(validating: $0) }.sorted()
      state.version += 1
      return (state.profiles, state.version)
    }
    stream.send(changed.profiles, version: changed.version)
  }

  public func forgetRememberedProfile() {
    state.withLock { $0.remembered = nil }
  }

  public func changes() -> MulticastStream<[ProfileName]>.Subscription {
    stream.subscribe()
  }
}
