import Foundation
import FunServices
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one URL with URLSession and maps every failure to a ``CatalogFetchHelper/Failure``.
///
/// Bridges the completion-handler API (the one that behaves the same on Linux and Apple
/// platforms) to `async`, with cancellation: cancelling the awaiting task cancels the data
/// task. Thread-safety: one instance may run many downloads at once from any thread.
final class URLSessionFetcher: Sendable {
  private let session: URLSession
  private let timeout: TimeInterval

  /// - Parameter timeout: how long a request may go without an answer, in seconds. Linux's
  ///   URLSession counts it in whole seconds, so keep it at one second or more.
  init(timeout: TimeInterval) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    session = URLSession(configuration: configuration)
    self.timeout = timeout
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// The body of a 2xx response.
  func fetch(_ url: URL) async throws(CatalogFetchHelper.Failure) -> Data {
    let request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    let pending = PendingTask()
    let outcome: Outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        let task = session.dataTask(with: request) { data, response, error in
          if let error {
            continuation.resume(returning: .failed(error as? URLError, description: error.localizedDescription))
          } else {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            continuation.resume(returning: .answered(status: status, body: data ?? Data()))
          }
        }
        pending.start(task)
      }
    } onCancel: {
      pending.cancel()
    }
    switch outcome {
    case .answered(let status, let body):
      guard (200..<300).contains(status) else { throw .httpStatus(status) }
      return body
    case .failed(let urlError, let description):
      switch urlError?.code {
      case .timedOut?:
        throw .timeout
      case .cancelled?:
        throw .network(reason: "the request was cancelled")
      default:
        throw .network(reason: urlError.map(Self.reason) ?? description)
      }
    }
  }

  private enum Outcome: Sendable {
    case answered(status: Int, body: Data)
    case failed(URLError?, description: String)
  }

  /// Short reasons for the common failures; Foundation's own texts vary by platform.
  private static func reason(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "the server refused the connection"
    case .cannotFindHost, .dnsLookupFailed: "the host name could not be found"
    case .notConnectedToInternet: "there is no network connection"
    case .networkConnectionLost: "the connection was lost before the server answered"
    case .unsupportedURL, .badURL: "it is not a URL that can be fetched"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      "a secure connection could not be made"
    default: error.localizedDescription
    }
  }
}

/// The data task of one download, so that cancellation can reach it whether it arrives
/// before or after the task starts.
private final class PendingTask: Sendable {
  private struct State: @unchecked Sendable {
    // URLSessionDataTask is thread-safe but not marked Sendable on every platform.
    var task: URLSessionDataTask?
    var isCancelled = false
  }

  private let state = Mutex(State())

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.isCancelled
    }
    if cancelled {
      task.cancel()
    }
    task.resume()
  }

  func cancel() {
    let task = state.withLock { state in
      state.isCancelled = true
      return state.task
    }
    task?.cancel()
  }
}
