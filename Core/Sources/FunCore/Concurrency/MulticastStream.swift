import Synchronization

/// One producer, many consumers: every subscriber gets each value sent after it subscribed,
/// and, when the stream has a current value, that value first.
///
/// Services use it for change streams (favorites, feature toggles): a screen that subscribes
/// late still starts from the current state. A subscriber that stops iterating (its task is
/// cancelled or its stream is dropped) is removed, so nothing is retained for it.
///
/// Thread-safety: `send`, `finish` and `subscribe` may be called from any thread. Values reach
/// each subscriber in the order they were sent; each subscriber buffers without limit.
public final class MulticastStream<Element: Sendable>: Sendable {
  private struct State {
    var current: Element?
    var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    var nextID = 0
    var isFinished = false
  }

  private let state: Mutex<State>

  /// Creates a stream; with an `initial` value, subscribers start from it.
  public init(initial: Element? = nil) {
    state = Mutex(State(current: initial))
  }

  /// The latest value sent (or the initial one), if any.
  public var value: Element? {
    state.withLock { $0.current }
  }

  /// The number of live subscribers.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Sends a value to every subscriber and makes it the current value.
  public func send(_ element: Element) {
    state.withLock { state in
      guard !state.isFinished else { return }
      state.current = element
      for continuation in state.subscribers.values {
        continuation.yield(element)
      }
    }
  }

  /// Ends every subscription; later subscribers get the current value and then the end.
  public func finish() {
    let continuations = state.withLock { state in
      state.isFinished = true
      defer { state.subscribers = [:] }
      return Array(state.subscribers.values)
    }
    for continuation in continuations {
      continuation.finish()
    }
  }

  /// A new subscription: the current value (if any), then every value sent from now on.
  public func subscribe() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream<Element>.makeStream()
    let id: Int? = state.withLock { state in
      if let current = state.current {
        continuation.yield(current)
      }
      guard !state.isFinished else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = continuation
      return id
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }
}
