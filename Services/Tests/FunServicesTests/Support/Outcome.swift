@testable import FunCore
@testable import FunModel

/// Runs `body` and captures its typed result, so tests can compare failures with `#expect`.
func outcome<Value>(_ body: () async throws(AppError) -> Value) async -> Result<Value, AppError> {
  do {
    return .success(try await body())
  } catch {
    return .failure(error)
  }
}
