import Foundation

/// The contract between ``CatalogNetworkService`` and `fun-fetch`, the small executable that
/// fetches a remote catalog with URLSession.
///
/// Why a separate process: on Linux, URLSession lives in FoundationNetworking, which brings in
/// libcurl and some thirty libraries of its own. Linking it into `fun` made every start pay
/// for their loading and relocation (about 8 ms, more than a whole Foundation hello world)
/// although only `--catalog http(s)://…` needs them. `fun-fetch` is built beside `fun` (the
/// `fun` target depends on its product) and started only for a remote catalog.
///
/// The exchange: `fun-fetch [--timeout SECONDS] [--max-bytes N] URL`.
/// - Exit status 0: standard output is the body of a 2xx response.
/// - Exit status 1: standard output is one JSON-encoded ``Failure``.
/// - Exit status 2: the arguments were wrong; standard error says how.
/// - The helper exits as soon as its standard input reaches end of file. The caller keeps a
///   pipe to it open for as long as it wants the answer, so a helper whose caller has gone
///   (quit, crashed, killed) stops at once instead of downloading on for nobody.
/// Anything else (a crash, a signal) is reported by the caller with the helper's standard error.
public enum CatalogFetchHelper {
  /// The helper's file name, next to the `fun` binary.
  public static let executableName = "fun-fetch"

  /// The environment variable that names the helper explicitly, for an installed `fun` whose
  /// helper lives elsewhere.
  public static let environmentVariable = "FUN_FETCH"

  /// Why a fetch failed, as the helper reports it; the caller adds the URL and makes it an
  /// ``FunModel/AppError``.
  public enum Failure: Error, Codable, Equatable, Sendable {
    /// No answer within the timeout.
    case timeout
    /// The server answered with a status outside 200–299.
    case httpStatus(Int)
    /// The request failed without an answer; `reason` reads as the end of a sentence.
    case network(reason: String)
    /// The body is larger than the request's ``Request/maximumBytes``; the download stopped.
    case tooLarge(maximumBytes: Int)
  }

  /// The timeouts the helper accepts, in seconds. Linux's URLSession counts whole seconds, so
  /// less than one would time out at once.
  public static let timeoutRange: ClosedRange<Double> = 1...86_400

  /// The largest catalog fetched from a URL unless a request says otherwise: 64 MiB, far above
  /// any real catalog, far below what would exhaust memory.
  public static let defaultMaximumBytes = 64 << 20

  /// What the helper was asked to do.
  public struct Request: Equatable, Sendable {
    /// The catalog's address.
    public let url: URL
    /// How long the request may go without an answer, in seconds, within ``timeoutRange``.
    public let timeoutSeconds: Double
    /// The largest body accepted, in bytes.
    public let maximumBytes: Int

    /// Creates a request; the timeout is clamped to ``timeoutRange``.
    public init(url: URL, timeoutSeconds: Double, maximumBytes: Int = defaultMaximumBytes) {
      self.url = url
      self.timeoutSeconds = min(max(timeoutSeconds, timeoutRange.lowerBound), timeoutRange.upperBound)
      self.maximumBytes = max(maximumBytes, 1)
    }

    /// The helper's command-line arguments for this request.
    public var arguments: [String] {
      ["--timeout", String(timeoutSeconds), "--max-bytes", String(maximumBytes), url.absoluteString]
    }

    /// Reads the helper's command-line arguments (without the program name).
    /// - Returns: the request, or a message saying what is wrong and how the helper is used.
    public static func parse(_ arguments: [String]) -> Result<Request, UsageError> {
      var timeout = 10.0
      var maximumBytes = defaultMaximumBytes
      var address: String?
      var remaining = arguments[...]
      while let argument = remaining.popFirst() {
        switch argument {
        case "--timeout":
          guard let value = remaining.popFirst(), let seconds = Double(value), timeoutRange.contains(seconds) else {
            return .failure(UsageError(message: "--timeout needs a number of seconds from 1 to 86400"))
          }
          timeout = seconds
        case "--max-bytes":
          guard let value = remaining.popFirst(), let bytes = Int(value), bytes > 0 else {
            return .failure(UsageError(message: "--max-bytes needs a whole number of bytes greater than 0"))
          }
          maximumBytes = bytes
        case _ where argument.hasPrefix("-"):
          return .failure(UsageError(message: "unknown option \(argument)"))
        default:
          guard address == nil else {
            return .failure(UsageError(message: "one URL only; also got \(argument)"))
          }
          address = argument
        }
      }
      guard let address else { return .failure(UsageError(message: "no URL given")) }
      guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme)
      else {
        return .failure(UsageError(message: "\(address) is not an http(s) URL"))
      }
      return .success(Request(url: url, timeoutSeconds: timeout, maximumBytes: maximumBytes))
    }
  }

  /// Wrong helper arguments.
  public struct UsageError: Error, Equatable, Sendable {
    /// What is wrong, followed by the usage line.
    public let message: String

    init(message: String) {
      self.message =
        "\(message)\nusage: \(CatalogFetchHelper.executableName) [--timeout SECONDS] [--max-bytes N] http(s)://…"
    }
  }

  /// Where the helper is: `$FUN_FETCH` when set, otherwise `fun-fetch` in the folder of the
  /// running executable (`swift build` puts both binaries in the same folder).
  /// - Parameters:
  ///   - environment: the process environment.
  ///   - executable: the running executable; `nil` means this process's own.
  public static func location(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    executable: URL? = nil
  ) -> URL {
    if let explicit = environment[environmentVariable], !explicit.isEmpty {
      return URL(fileURLWithPath: explicit)
    }
    let running = executable ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return running.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(executableName)
  }
}
