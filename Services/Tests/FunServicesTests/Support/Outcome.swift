import FunCore
import FunModel
import Synchronization

/// Runs `body` and captures its typed result, so tests can compare failures with `#expect`.
func outcome<Value>(_ body: () async throws(AppError) -> Value) async -> Result<Value, AppError> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}

/// A flag that a task sets and a test reads, from any thread.
final class Flag: Sendable {
  private let state = Locked(false)

  var isSet: Bool {
    state.withLock { $0 }
  }

  func set() {
    state.withLock { $0 = true }
  }
}
