import Foundation
import FunCore
import FunServices
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Fetches one URL with URLSession and maps every failure to a ``CatalogFetchHelper/Failure``.
///
/// The body streams in through the session's delegate, so a response larger than the request's
/// limit is abandoned as soon as that is known: at once from its `Content-Length`, otherwise
/// when the bytes received pass the limit. A status outside 200–299 stops the transfer at the
/// headers. The request times out after `timeoutSeconds` without data, and the whole transfer
/// after ten times that, so a server that trickles bytes cannot keep it going forever.
///
/// One fetch per instance (`fun-fetch` makes one); the delegate's callbacks arrive on the
/// session's queue and meet the awaiting caller through a lock.
final class URLSessionFetcher: NSObject, URLSessionDataDelegate, Sendable {
  private struct State {
    var body = Data()
    /// Why the transfer was stopped early, when it was.
    var failure: CatalogFetchHelper.Failure?
    var continuation: CheckedContinuation<Result<Data, CatalogFetchHelper.Failure>, Never>?
  }

  private let request: CatalogFetchHelper.Request
  private let state = Locked(State())

  init(request: CatalogFetchHelper.Request) {
    self.request = request
  }

  /// The body of a 2xx response of at most `request.maximumBytes` bytes.
  func fetch() async throws(CatalogFetchHelper.Failure) -> Data {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = request.timeoutSeconds
    configuration.timeoutIntervalForResource = request.timeoutSeconds * 10
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let urlRequest = URLRequest(
      url: request.url,
      cachePolicy: .reloadIgnoringLocalCacheData,
      timeoutInterval: request.timeoutSeconds
    )
    let result = await withCheckedContinuation { continuation in
      state.withLock { $0.continuation = continuation }
      session.dataTask(with: urlRequest).resume()
    }
    return try result.get()
  }

  func urlSession(
    _ session: URLSession,
    dataTask: URLSessionDataTask,
    didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let failure: CatalogFetchHelper.Failure? =
      if !(200..<300).contains(status) {
        .httpStatus(status)
      } else if response.expectedContentLength > Int64(request.maximumBytes) {
        .tooLarge(maximumBytes: request.maximumBytes)
      } else {
        nil
      }
    state.withLock { $0.failure = failure }
    completionHandler(failure == nil ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let isTooLarge = state.withLock { state in
      guard state.failure == nil else { return false }
      guard state.body.count + data.count <= request.maximumBytes else {
        state.failure = .tooLarge(maximumBytes: request.maximumBytes)
        state.body = Data()
        return true
      }
      state.body.append(data)
      return false
    }
    if isTooLarge {
      dataTask.cancel()
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    let (continuation, result) = state.withLock { state in
      let continuation = state.continuation
      state.continuation = nil
      let result: Result<Data, CatalogFetchHelper.Failure> =
        if let failure = state.failure {
          .failure(failure)
        } else if let error {
          .failure(Self.failure(for: error))
        } else {
          .success(state.body)
        }
      return (continuation, result)
    }
    continuation?.resume(returning: result)
  }

  private static func failure(for error: any Error) -> CatalogFetchHelper.Failure {
    guard let urlError = error as? URLError else { return .network(reason: error.localizedDescription) }
    return switch urlError.code {
    case .timedOut: .timeout
    case .cancelled: .network(reason: "the request was cancelled")
    case .cannotConnectToHost: .network(reason: "the server refused the connection")
    case .cannotFindHost, .dnsLookupFailed: .network(reason: "the host name could not be found")
    case .notConnectedToInternet: .network(reason: "there is no network connection")
    case .networkConnectionLost: .network(reason: "the connection was lost before the server answered")
    case .unsupportedURL, .badURL: .network(reason: "it is not a URL that can be fetched")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
      .network(reason: "a secure connection could not be made")
    // Foundation's own texts vary by platform; the reasons above read the same everywhere.
    default: .network(reason: urlError.localizedDescription)
    }
  }
}
