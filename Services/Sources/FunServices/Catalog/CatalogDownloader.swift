import Foundation
import FunCore
import FunModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fetches one URL by running the `fun-fetch` helper (see ``CatalogFetchHelper``) and maps
/// every failure to an ``AppError``.
///
/// Cancelling the awaiting task terminates the helper at once; so does this process ending,
/// however it ends, since the helper exits when the pipe to its standard input closes.
/// Thread-safety: one instance may run many downloads at once from any thread; each runs its
/// own helper process, read by two threads of its own (not the shared dispatch pool, whose
/// few threads the app's tasks need).
final class CatalogDownloader: Sendable {
  private let helper: URL
  private let timeout: Duration
  private let maximumBytes: Int

  /// - Parameters:
  ///   - helper: the `fun-fetch` executable.
  ///   - timeout: how long a request may go without an answer, clamped to
  ///     ``CatalogFetchHelper/timeoutRange`` (Linux's URLSession counts whole seconds).
  ///   - maximumBytes: the largest catalog accepted.
  init(helper: URL, timeout: Duration, maximumBytes: Int = CatalogFetchHelper.defaultMaximumBytes) {
    self.helper = helper
    self.timeout = timeout
    self.maximumBytes = maximumBytes
  }

  /// The body of a 2xx response.
  /// - Throws: ``AppError/timeout(url:seconds:)``, ``AppError/httpStatus(code:url:)`` or
  ///   ``AppError/network(url:reason:)`` (also when cancelled, when the catalog is too large,
  ///   and when the helper is missing or fails).
  func download(_ url: URL) async throws(AppError) -> Data {
    let address = url.absoluteString
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: helper.path, isDirectory: &isDirectory), !isDirectory.boolValue,
      FileManager.default.isExecutableFile(atPath: helper.path)
    else {
      throw .network(
        url: address,
        reason: "the helper that fetches remote catalogs is missing at \(helper.path); build it with "
          + "`swift build --product \(CatalogFetchHelper.executableName)` or name it in $\(CatalogFetchHelper.environmentVariable)"
      )
    }
    let request = CatalogFetchHelper.Request(url: url, timeoutSeconds: timeout.seconds, maximumBytes: maximumBytes)
    let run = HelperProcess(executable: helper, arguments: request.arguments, maximumOutput: maximumBytes)
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
    case .outputTooLarge:
      throw .network(url: address, reason: Self.tooLarge(maximumBytes))
    case .exited(status: 0, let output, _):
      return output
    case .exited(status: 1, let output, let errors):
      guard let failure = try? JSONDecoder().decode(CatalogFetchHelper.Failure.self, from: output) else {
        throw .network(url: address, reason: Self.helperFailed("gave an answer it could not read", errors))
      }
      switch failure {
      case .timeout: throw .timeout(url: address, seconds: request.timeoutSeconds)
      case .httpStatus(let code): throw .httpStatus(code: code, url: address)
      case .network(let reason): throw .network(url: address, reason: reason)
      case .tooLarge(let limit): throw .network(url: address, reason: Self.tooLarge(limit))
      }
    case .exited(let status, _, let errors):
      throw .network(url: address, reason: Self.helperFailed("exited with status \(status)", errors))
    case .killed(let signal, let errors):
      throw .network(url: address, reason: Self.helperFailed("was killed by signal \(signal)", errors))
    }
  }

  private static func tooLarge(_ maximumBytes: Int) -> String {
    let size =
      maximumBytes % (1 << 20) == 0 ? "\(maximumBytes >> 20) MiB" : "\(maximumBytes) bytes"
    return "the catalog is larger than \(size), the most Fun loads from a URL; save it and use --catalog FILE"
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
    case outputTooLarge
    case cancelled
    case couldNotStart(String)
  }

  private struct State: @unchecked Sendable {
    // Process is thread-safe for `terminate()` and `isRunning` but not marked Sendable.
    var process: Process?
    var isCancelled = false
    var isOutputTooLarge = false
  }

  private let executable: URL
  private let arguments: [String]
  private let maximumOutput: Int
  private let state = Locked(State())

  init(executable: URL, arguments: [String], maximumOutput: Int) {
    self.executable = executable
    self.arguments = arguments
    self.maximumOutput = maximumOutput
  }

  /// Starts the helper and calls `completion` once, from another thread, when it has ended.
  func start(completion: @escaping @Sendable (Outcome) -> Void) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    // A crash report from the helper would be a backtrace banner, not a reason to show.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
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
    // Only the helper reads this pipe; it exits when the pipe closes, which happens below or
    // when this process ends.
    let inputWriter = input.fileHandleForWriting
    let outputReader = output.fileHandleForReading
    let errorReader = errors.fileHandleForReading
    let errorText = Locked(Data())
    let errorsRead = DispatchSemaphore(value: 0)
    // Both pipes are drained at once, so a helper that fills one cannot block on the other.
    Thread.detachNewThread {
      let data = (try? errorReader.readToEnd()) ?? Data()
      errorText.withLock { $0 = data }
      errorsRead.signal()
    }
    Thread.detachNewThread {
      let body = self.readOutput(outputReader, of: process)
      errorsRead.wait()
      process.waitUntilExit()
      try? inputWriter.close()
      let errorData = errorText.withLock { $0 }
      let (cancelled, tooLarge) = self.state.withLock { ($0.isCancelled, $0.isOutputTooLarge) }
      if cancelled {
        completion(.cancelled)
      } else if tooLarge {
        completion(.outputTooLarge)
      } else if process.terminationReason == .uncaughtSignal {
        completion(.killed(signal: process.terminationStatus, errors: errorData))
      } else {
        completion(.exited(status: process.terminationStatus, output: body, errors: errorData))
      }
    }
  }

  /// Reads the helper's output to its end, or stops the helper once it passes
  /// `maximumOutput` bytes and some room for a failure report (the helper enforces the same
  /// limit; this guards against one that does not).
  private func readOutput(_ reader: FileHandle, of process: Process) -> Data {
    var body = Data()
    while let chunk = try? reader.read(upToCount: 64 * 1024), !chunk.isEmpty {
      guard body.count + chunk.count <= maximumOutput + 1024 else {
        state.withLock { $0.isOutputTooLarge = true }
        Self.stop(process)
        // Reading no more: a writer that outlives the kill (a grandchild) gets a broken pipe.
        try? reader.close()
        return Data()
      }
      body.append(chunk)
    }
    return body
  }

  /// Stops the helper if it runs, or keeps it from starting.
  func cancel() {
    let process = state.withLock { state in
      state.isCancelled = true
      return state.process
    }
    if let process {
      Self.stop(process)
    }
  }

  /// Ends the helper with SIGKILL: it has nothing to clean up, and SIGTERM can arrive ignored
  /// (a disposition inherited from whoever started `fun`).
  private static func stop(_ process: Process) {
    if process.isRunning {
      _ = kill(process.processIdentifier, SIGKILL)
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
