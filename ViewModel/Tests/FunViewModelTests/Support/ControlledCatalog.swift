import FunModel

/// A catalog provider whose requests stay in flight until the test answers them, in any
/// order, and which ignores cancellation: a cancelled search's result really arrives late.
@MainActor
final class ControlledCatalog {
  private var pending: [CheckedContinuation<Result<[FeaturedItem], AppError>, Never>?] = []

  /// How many requests were made.
  var requestCount: Int { pending.count }

  /// The provider to hand to the ViewModel.
  func fetch() async throws(AppError) -> [FeaturedItem] {
    let result = await withCheckedContinuation { continuation in
      pending.append(continuation)
    }
    return try result.get()
  }

  /// Answers request number `request` (0-based).
  func answer(_ request: Int, with result: Result<[FeaturedItem], AppError>) {
    pending[request]?.resume(returning: result)
    pending[request] = nil
  }
}
