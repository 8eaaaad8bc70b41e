import FunCore

extension MulticastStream.Subscription {
  /// Delivers every element to `owner` on the main actor for as long as `owner` lives.
  ///
  /// The task runs on the main actor and the subscription resumes it there directly, so a
  /// change sent from the main actor is applied on the next main-actor turn: in virtual time
  /// one `Task.yield()` later, never "eventually". The task holds `owner` weakly, so a
  /// ViewModel that subscribes to a service's change stream still deallocates; the ViewModel
  /// cancels the returned task in `deinit`, which ends the subscription.
  @MainActor
  func observe<Owner: AnyObject & Sendable>(
    _ owner: Owner,
    _ apply: @escaping @MainActor (Owner, Element) -> Void
  ) -> Task<Void, Never> {
    Task { @MainActor [weak owner] in
      for await element in self {
        guard let owner else { return }
        apply(owner, element)
      }
    }
  }
}
