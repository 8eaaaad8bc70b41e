import FunCore

extension MulticastStream.Subscription {
  /// Delivers every element to `owner` on the main actor for as long as `owner` lives, in a
  /// task of `tasks` called `name`.
  ///
  /// The task runs on the main actor and the subscription resumes it there directly; waiting
  /// for the next element is a parking point, so a store that follows a service is idle until
  /// the service publishes. The task holds `owner` weakly, so a store that subscribes to a
  /// service's change stream still deallocates; the owner cancels the returned task in
  /// `deinit`, which ends the subscription.
  @MainActor
  func observe<Owner: AnyObject & Sendable>(
    _ owner: Owner,
    tasks: TaskTracker,
    name: String,
    _ apply: @escaping @MainActor (Owner, Element) -> Void
  ) -> TrackedTask<Void> {
    tasks.start(name) { [weak owner] in
      for await element in self {
        guard let owner else { return }
        apply(owner, element)
      }
    }
  }
}
