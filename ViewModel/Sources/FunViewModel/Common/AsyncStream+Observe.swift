extension AsyncStream where Element: Sendable {
  /// Delivers every element to `owner` on the main actor for as long as `owner` lives.
  ///
  /// The task holds `owner` weakly, so a ViewModel that subscribes to a service's change
  /// stream still deallocates; the ViewModel cancels the returned task in `deinit`, which
  /// ends the subscription.
  @MainActor
  func observe<Owner: AnyObject & Sendable>(
    _ owner: Owner,
    _ apply: @escaping @MainActor (Owner, Element) -> Void
  ) -> Task<Void, Never> {
    Task { [weak owner] in
      for await element in self {
        guard let owner else { return }
        apply(owner, element)
      }
    }
  }
}
