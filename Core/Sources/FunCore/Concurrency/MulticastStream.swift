import Synchronization

/// One producer, many consumers: every subscriber gets each value sent after it subscribed,
/// and, when the stream replays and has a current value, that value first.
///
/// Services use it for change streams (favorites, feature toggles): a screen that subscribes
/// late still starts from the current state. Event streams (toasts) pass
/// `replaysLatest: false`, so a subscriber only sees what happens after it subscribed.
///
/// Subscriptions are ``Subscription`` sequences rather than `AsyncStream`s for one reason:
/// isolation. An `AsyncStream` resumes its consumer on the global executor, which then hops
/// back to the consumer's actor at a moment nobody controls. A ``Subscription`` resumes its
/// consumer directly on the actor it iterates from (`next(isolation:)`), so a main-actor
/// ViewModel sees a change one main-actor turn after `send`, every time: virtual-time tests and
/// scripts are exact.
///
/// A subscriber that stops iterating (its task is cancelled, or its subscription is dropped)
/// is removed, so nothing is retained for it.
///
/// Thread-safety: `send`, `finish` and `subscribe` may be called from any thread. Values reach
/// each subscriber in the order they were sent; each subscriber buffers without limit.
public final class MulticastStream<Element: Sendable>: Sendable {
  private struct State {
    var current: Element?
    var subscribers: [Int: WeakBuffer] = [:]
    var nextID = 0
    var isFinished = false
  }

  private struct WeakBuffer {
    weak var buffer: SubscriptionBuffer<Element>?
  }

  private let state: Locked<State>
  private let replaysLatest: Bool

  /// Creates a stream.
  /// - Parameters:
  ///   - initial: the value new subscribers start from, until the first `send`.
  ///   - replaysLatest: whether new subscribers get the latest value first; `false` makes an
  ///     event stream whose subscribers only see later values (and ignores `initial`).
  public init(initial: Element? = nil, replaysLatest: Bool = true) {
    self.replaysLatest = replaysLatest
    state = Locked(State(current: replaysLatest ? initial : nil))
  }

  /// The latest value sent (or the initial one), if the stream replays.
  public var value: Element? {
    state.withLock { $0.current }
  }

  /// The number of live subscribers.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Sends a value to every subscriber and, if the stream replays, makes it the current value.
  public func send(_ element: Element) {
    state.withLock { state in
      guard !state.isFinished else { return }
      if replaysLatest {
        state.current = element
      }
      // Delivered under the lock so that concurrent sends reach everyone in the same order.
      for subscriber in state.subscribers.values {
        subscriber.buffer?.push(element)
      }
    }
  }

  /// Ends every subscription; later subscribers get the current value and then the end.
  public func finish() {
    let buffers = state.withLock { state in
      state.isFinished = true
      defer { state.subscribers = [:] }
      return state.subscribers.values.compactMap(\.buffer)
    }
    for buffer in buffers {
      buffer.finish()
    }
  }

  /// A new subscription: the current value (if the stream replays and has one), then every
  /// value sent from now on.
  public func subscribe() -> Subscription {
    let buffer = SubscriptionBuffer<Element>()
    state.withLock { state in
      if let current = state.current {
        buffer.push(current)
      }
      if state.isFinished {
        buffer.finish()
        return
      }
      let id = state.nextID
      state.nextID += 1
      state.subscribers[id] = WeakBuffer(buffer: buffer)
      buffer.onTermination = { [weak self] in
        _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
      }
    }
    return Subscription(buffer: buffer)
  }

  /// The values of one subscription, as an `AsyncSequence` that resumes its consumer on the
  /// consumer's own actor. Iterate it once.
  public struct Subscription: AsyncSequence, Sendable {
    public typealias Failure = Never

    fileprivate let buffer: SubscriptionBuffer<Element>

    public func makeAsyncIterator() -> Iterator {
      Iterator(buffer: buffer)
    }

    /// Reads the subscription's values in order; `nil` once the stream finished or the
    /// iterating task was cancelled.
    public struct Iterator: AsyncIteratorProtocol {
      fileprivate let buffer: SubscriptionBuffer<Element>

      public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
        await buffer.next(isolation: actor)
      }

      public mutating func next() async -> Element? {
        await buffer.next(isolation: nil)
      }
    }
  }
}

/// The queue of one subscriber: values wait here until the consumer asks, and a waiting
/// consumer is resumed on the actor it asked from.
private final class SubscriptionBuffer<Element: Sendable>: Sendable {
  private struct State {
    var queue: [Element] = []
    var waiter: CheckedContinuation<Element?, Never>?
    var isFinished = false
    var onTermination: (@Sendable () -> Void)?
  }

  private let state = Locked(State())

  deinit {
    state.withLock { $0.onTermination }?()
  }

  var onTermination: (@Sendable () -> Void)? {
    get { state.withLock { $0.onTermination } }
    set { state.withLock { $0.onTermination = newValue } }
  }

  func push(_ element: Element) {
    let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
      guard !state.isFinished else { return nil }
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      state.queue.append(element)
      return nil
    }
    waiter?.resume(returning: element)
  }

  func finish() {
    let (waiter, termination) = state.withLock { state in
      state.isFinished = true
      defer {
        state.waiter = nil
        state.onTermination = nil
      }
      return (state.waiter, state.onTermination)
    }
    waiter?.resume(returning: nil)
    termination?()
  }

  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    await withTaskCancellationHandler {
      await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Element?, Never>) in
        let ready: Element?? = state.withLock { state in
          if !state.queue.isEmpty {
            return .some(state.queue.removeFirst())
          }
          if state.isFinished {
            return .some(nil)
          }
          state.waiter = continuation
          return nil
        }
        if let ready {
          continuation.resume(returning: ready)
        }
      }
    } onCancel: {
      finish()
    }
  }
}
