import Foundation

/// Runs blocking work on a thread of its own: how a test waits on a real process, a
/// pseudo-terminal or a socket.
///
/// Not on Swift's cooperative pool, which has only as many threads as cores, and not on a
/// dispatch queue either: on Linux the cooperative pool is made of the same global dispatch
/// threads, so work that blocks there for seconds (a pseudo-terminal test waiting for a frame)
/// stalls unrelated suites, main-actor ones included, until dispatch notices and adds threads.
public func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try work() }) }.start()
  }
}
