import Foundation

// Only Linux's URLSession, which FoundationNetworking provides, needs it; Darwin's delivers
// data its own way.
#if canImport(FoundationNetworking)
  /// The delegate queue of a catalog download's URLSession on Linux: it runs each callback at
  /// once, on the URLSession thread that delivers it, instead of queueing it.
  ///
  /// Linux's URLSession (swift-corelibs-foundation) reads the socket on its own work queue,
  /// inside libcurl, and hands every chunk it reads (16 KiB, a `Data` of its own) to the
  /// delegate queue. Queued, the chunks of a sender that floods the connection pile up
  /// whenever the delegate falls behind, with nothing to slow the reading down; and libcurl
  /// goes on reading for as long as the socket has data, keeping busy the work queue where a
  /// cancellation and the disposal of URLSession's per-chunk timers wait their turn. Run at
  /// once, each chunk is dealt with (kept or dropped) before libcurl reads the next: nothing
  /// piles up, and a transfer that has failed reads fast enough to drain the socket, which is
  /// what lets URLSession act on its cancellation. It buys the peak memory of a failed http
  /// load (fun-bench's `http` figure).
  ///
  /// So nothing that runs on this queue may wait for URLSession (`task.cancel()`, `suspend()`,
  /// `resume()` wait for the very work queue that is running it): the transfer cancels its task
  /// from a queue of its own, and its callbacks only take its lock, briefly.
  final class CatalogDelegateQueue: OperationQueue, @unchecked Sendable {
    /// Runs `block` at once, on the calling thread.
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
      block()
    }
  }
#endif
