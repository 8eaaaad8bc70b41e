import Dispatch

/// Runs blocking work on a dispatch thread: Swift's cooperative pool has only as many threads
/// as cores, and blocking one would stall unrelated tests.
func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async {
      continuation.resume(with: Result { try work() })
    }
  }
}
