/// One producer, many consumers: every subscriber gets each value sent after it subscribed,
/// and, when the stream replays and has a current value, that value first.
///
/// Services use it for change streams (favorites, feature toggles): a store that subscribes
/// late still starts from the current state. Event streams (toasts) pass
/// `replaysLatest: false`, so a subscriber only sees what happens after it subscribed.
///
/// Subscriptions are ``Subscription`` sequences rather than `AsyncStream`s for two reasons.
/// Isolation: a ``Subscription`` resumes its consumer directly on the actor it iterates from
/// (`next(isolation:)`), where an `AsyncStream` would resume it on the global executor first.
/// Idleness: waiting for the next value is a parking point of the ``TaskTracker``, so a
/// tracked consumer counts as idle while nothing is queued for it, and as busy from the
/// moment a value is handed to it.
///
/// A subscriber that stops iterating (its task is cancelled, or its subscription is dropped)
/// is removed, so nothing is retained for it.
///
/// Thread-safety: `send`, `finish` and `subscribe` may be called from any thread. Values reach
/// each subscriber in the order they were sent; each subscriber buffers without limit. One
/// lock guards every subscriber's queue, and nothing else runs under it: continuations are
/// resumed, and subscriptions released, after it is given up.
public final class MulticastStream<Element: Sendable>: Sendable {
  private struct Subscriber {
    var queue: [Element] = []
    var waiter: CheckedContinuation<Element?, Never>?
    var isFinished = false
  }

  private struct State {
    var current: Element?
    /// The version of `current`, for ``send(_:version:)``.
    var version: UInt64?
    /// How many values have been sent (and not dropped): each subscription counts its own from it.
    var sentCount = 0
    var subscribers: [Int: Subscriber] = [:]
    var nextID = 0
    var isFinished = false
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
  var value: Element? {
    state.withLock { $0.current }
  }

  /// The number of live subscribers; the tests read it to prove that a subscription ends when
  /// its consumer goes away.
  var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  /// Sends a value to every subscriber and, if the stream replays, makes it the current value.
  public func send(_ element: Element) {
    deliver(element, version: nil)
  }

  /// Sends a value that has a version, dropping it if a newer version was sent already.
  ///
  /// A service that changes its state under its own lock publishes after giving that lock up
  /// (so no subscriber's work ever runs under it); two changes made one after the other can
  /// then reach `send` in the opposite order. Numbering them makes the stream keep the newer.
  public func send(_ element: Element, version: UInt64) {
    deliver(element, version: version)
  }

  /// Ends every subscription; later subscribers get the current value and then the end.
  public func finish() {
    let waiters = state.withLock { state in
      state.isFinished = true
      var waiters: [CheckedContinuation<Element?, Never>] = []
      for (id, subscriber) in state.subscribers {
        if let waiter = subscriber.waiter {
          waiters.append(waiter)
        }
        // A subscriber with values still queued stays until it has read them.
        if subscriber.queue.isEmpty {
          state.subscribers[id] = nil
        } else {
          state.subscribers[id]?.isFinished = true
        }
      }
      return waiters
    }
    for waiter in waiters {
      waiter.resume(returning: nil)
    }
  }

  /// A new subscription: the current value (if the stream replays and has one), then every
  /// value sent from now on.
  public func subscribe() -> Subscription {
    let (id, sentBefore) = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      var subscriber = Subscriber()
      var sentBefore = state.sentCount
      if let current = state.current {
        subscriber.queue.append(current)
        sentBefore -= 1
      }
      subscriber.isFinished = state.isFinished
      state.subscribers[id] = subscriber
      return (id, sentBefore)
    }
    return Subscription(token: SubscriptionToken(stream: self, id: id, sentBefore: sentBefore))
  }

  private func deliver(_ element: Element, version: UInt64?) {
    let waiters = state.withLock { state -> [CheckedContinuation<Element?, Never>] in
      guard !state.isFinished else { return [] }
      if let version {
        if let sent = state.version, sent >= version { return [] }
        state.version = version
      }
      state.sentCount += 1
      if replaysLatest {
        state.current = element
      }
      var waiters: [CheckedContinuation<Element?, Never>] = []
      for id in state.subscribers.keys where state.subscribers[id]?.isFinished == false {
        if let waiter = state.subscribers[id]?.waiter {
          state.subscribers[id]?.waiter = nil
          waiters.append(waiter)
        } else {
          state.subscribers[id]?.queue.append(element)
        }
      }
      return waiters
    }
    for waiter in waiters {
      waiter.resume(returning: element)
    }
  }

  fileprivate func next(of id: Int, isolation actor: isolated (any Actor)?) async -> Element? {
    await withTaskCancellationHandler {
      await TaskTracker.park(until: { [weak self] in self?.isWaiting(id) != true }) {
        await withCheckedContinuation(isolation: actor) { (continuation: CheckedContinuation<Element?, Never>) in
          let ready = state.withLock { state -> Element?? in
            guard var subscriber = state.subscribers[id] else { return .some(nil) }
            if !subscriber.queue.isEmpty {
              let element = subscriber.queue.removeFirst()
              state.subscribers[id] = subscriber
              return .some(element)
            }
            if subscriber.isFinished {
              state.subscribers[id] = nil
              return .some(nil)
            }
            subscriber.waiter = continuation
            state.subscribers[id] = subscriber
            return nil
          }
          if let ready {
            continuation.resume(returning: ready)
          } else {
            TaskTracker.didStartWaiting()
          }
        }
      }
    } onCancel: {
      end(id)
    }
  }

  /// How many values have been sent since the stream was made (none after ``finish()``).
  fileprivate var sentCount: Int {
    state.withLock { $0.sentCount }
  }

  /// Whether subscriber `id` waits with nothing queued: the one state in which its consumer
  /// cannot go on.
  private func isWaiting(_ id: Int) -> Bool {
    state.withLock { $0.subscribers[id]?.waiter != nil }
  }

  /// Ends subscriber `id`: a waiting consumer gets `nil`, and the subscriber is forgotten.
  fileprivate func end(_ id: Int) {
    let waiter = state.withLock { $0.subscribers.removeValue(forKey: id)?.waiter }
    waiter?.resume(returning: nil)
  }

  /// The values of one subscription, as an `AsyncSequence` that resumes its consumer on the
  /// consumer's own actor. Iterate it once.
  public struct Subscription: AsyncSequence, Sendable {
    /// A subscription never fails: it ends.
    public typealias Failure = Never

    fileprivate let token: SubscriptionToken<Element>

    /// How many values this subscription has been sent so far, the replayed one included,
    /// whether read yet or not (once it has ended, what it would have been sent). Values are
    /// read in the order they were sent, so a consumer that counts what it reads, and notes this
    /// count at some moment, knows which values it reads were sent after that moment: how a
    /// store tells whether the stream has brought something newer than a read of the state it
    /// follows that began then.
    public var sentCount: Int {
      token.stream.sentCount - token.sentBefore
    }

    /// The subscription's iterator.
    public func makeAsyncIterator() -> Iterator {
      Iterator(token: token)
    }

    /// Reads the subscription's values in order; `nil` once the stream finished or the
    /// iterating task was cancelled.
    public struct Iterator: AsyncIteratorProtocol {
      fileprivate let token: SubscriptionToken<Element>

      /// The next value, its consumer resumed on `actor`; waiting for it is a parking point.
      public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
        await token.stream.next(of: token.id, isolation: actor)
      }

      /// The next value, as ``next(isolation:)`` from no actor.
      public mutating func next() async -> Element? {
        await token.stream.next(of: token.id, isolation: nil)
      }
    }
  }
}

/// Keeps one subscriber registered for as long as its ``MulticastStream/Subscription`` (or
/// an iterator of it) exists; the last one dropped removes it. The stream holds only the
/// subscriber's id, never this object, so its `deinit` cannot run under the stream's lock.
private final class SubscriptionToken<Element: Sendable>: Sendable {
  let stream: MulticastStream<Element>
  let id: Int
  /// The values sent before it subscribed, which it was not sent (the replayed one aside).
  let sentBefore: Int

  init(stream: MulticastStream<Element>, id: Int, sentBefore: Int) {
    self.stream = stream
    self.id = id
    self.sentBefore = sentBefore
  }

  deinit {
    stream.end(id)
  }
}
