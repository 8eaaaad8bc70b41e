import Foundation
import FunModel
import Synchronization

/// Fetches one URL by running the `fun-fetch` helper (see ``CatalogFetchHelper``) and maps
/// every failure to an ``AppError``.
///
/// Cancelling the awaiting task terminates the helper at once. Thread-safety: one instance may
/// run many downloads at once from any thread; each runs its own helper process.
final class CatalogDownloader: Sendable {
  private let helper: URL
  private let timeout: Duration

  /// - Parameters:
  ///   - helper: the `fun-fetch` executable.
  ///   - timeout: how long a request may go without an answer. Linux's URLSession counts it in
  ///     whole seconds, so keep it at one second or more.
  init(helper: URL, timeout: Duration) {
    self.helper = helper
    self.timeout = timeout
  }

  /// The body of a 2xx response.
  /// - Throws: ``AppError/timeout(url:seconds:)``, ``AppError/httpStatus(code:url:)`` or
  ///   ``AppError/network(url:reason:)`` (also when cancelled, and when the helper is missing
  ///   or fails).
  func download(_ url: URL) async throws(AppError) -> Data {
    let address = url.absoluteString
    guard FileManager.default.isExecutableFile(atPath: helper.path) else {
      throw .network(
        url: address,
        reason: "the helper that fetches remote catalogs is missing at \(helper.path); build it with "
          + "`swift build --product \(CatalogFetchHelper.executableName)` or name it in $\(CatalogFetchHelper.environmentVariable)"
      )
    }
    let request = CatalogFetchHelper.Request(url: url, timeoutSeconds: timeout.seconds)
    let run = HelperProcess(executable: helper, arguments: request.arguments)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<HelperProcess.Outcome, Never>) in
        run.start { continuation.resume(returning: $0) }
      }
    } onCancel: {
      run.cancel()
    }
    switch outcome {
    case .cancelled:
      throw .network(url: address, reason: "the request was cancelled")
    case .couldNotStart(let reason):
      throw .network(url: address, reason: "the fetch helper \(helper.path) could not start: \(reason)")
    case .exited(status: 0, let output, _):
      return output
    case .exited(status: 1, let output, let errors):
      guard let failure = try? JSONDecoder().decode(CatalogFetchHelper.Failure.self, from: output) else {
        throw .network(url: address, reason: Self.helperFailed("gave an answer it could not read", errors))
      }
      switch failure {
      case .timeout: throw .timeout(url: address, seconds: timeout.seconds)
      case .httpStatus(let code): throw .httpStatus(code: code, url: address)
      case .network(let reason): throw .network(url: address, reason: reason)
      }
    case .exited(let status, _, let errors):
      throw .network(url: address, reason: Self.helperFailed("exited with status \(status)", errors))
    case .killed(let signal, let errors):
      throw .network(url: address, reason: Self.helperFailed("was killed by signal \(signal)", errors))
    }
  }

  private static func helperFailed(_ what: String, _ errors: Data) -> String {
    let detail = String(decoding: errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    let firstLine = detail.split(separator: "\n").first.map(String.init)
    return "the fetch helper \(what)" + (firstLine.map { " (\($0))" } ?? "")
  }
}

/// One run of the helper: started once, cancellable before or after it starts.
private final class HelperProcess: Sendable {
  /// How the run ended.
  enum Outcome: Sendable {
    case exited(status: Int32, output: Data, errors: Data)
    case killed(signal: Int32, errors: Data)
    case cancelled
    case couldNotStart(String)
  }

  private struct State: @unchecked Sendable {
    // Process is thread-safe for `terminate()` and `isRunning` but not marked Sendable.
    var process: Process?
    var isCancelled = false
  }

  private let executable: URL
  private let arguments: [String]
  private let state = Mutex(State())

  init(executable: URL, arguments: [String]) {
    self.executable = executable
    self.arguments = arguments
  }

  /// Starts the helper and calls `completion` once, from another thread, when it has ended.
  func start(completion: @escaping @Sendable (Outcome) -> Void) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    let launch: Result<Void, any Error>? = state.withLock { state in
      guard !state.isCancelled else { return nil }
      state.process = process
      return Result { try process.run() }
    }
    switch launch {
    case nil:
      completion(.cancelled)
      return
    case .failure(let error)?:
      completion(.couldNotStart(error.localizedDescription))
      return
    case .success?:
      break
    }
    let outputReader = output.fileHandleForReading
    let errorReader = errors.fileHandleForReading
    DispatchQueue.global().async {
      // Both pipes are drained at once, so a helper that fills one cannot block on the other.
      let errorText = Mutex(Data())
      let group = DispatchGroup()
      DispatchQueue.global().async(group: group) {
        let data = errorReader.readDataToEndOfFile()
        errorText.withLock { $0 = data }
      }
      let body = outputReader.readDataToEndOfFile()
      group.wait()
      process.waitUntilExit()
      let errorData = errorText.withLock { $0 }
      let cancelled = self.state.withLock { $0.isCancelled }
      if cancelled {
        completion(.cancelled)
      } else if process.terminationReason == .uncaughtSignal {
        completion(.killed(signal: process.terminationStatus, errors: errorData))
      } else {
        completion(.exited(status: process.terminationStatus, output: body, errors: errorData))
      }
    }
  }

  /// Stops the helper if it runs, or keeps it from starting.
  func cancel() {
    let process = state.withLock { state in
      state.isCancelled = true
      return state.process
    }
    if let process, process.isRunning {
      process.terminate()
    }
  }
}

extension Duration {
  /// The duration in seconds, as Foundation's `TimeInterval`.
  fileprivate var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
