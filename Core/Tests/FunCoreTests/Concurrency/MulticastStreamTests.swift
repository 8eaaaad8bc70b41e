import Testing

@testable import FunCore

@Suite("MulticastStream", .timeLimit(.minutes(3)))
@MainActor
struct MulticastStreamTests {
  let tasks = TaskTracker()

  func settle() async throws {
    try await tasks.waitUntilIdle(timeout: .seconds(120))
  }

  @Test("A late subscriber gets the current value first, then what is sent afterwards")
  func lateSubscriberStartsFromCurrentValue() async {
    let stream = MulticastStream(initial: 1)
    stream.send(2)

    let subscription = stream.subscribe()
    stream.send(3)
    stream.finish()

    var received: [Int] = []
    for await value in subscription {
      received.append(value)
    }
    #expect(received == [2, 3])
    #expect(stream.value == 3)
  }

  @Test("Without a current value a subscriber gets only later values")
  func subscriberWithoutInitialValue() async {
    let stream = MulticastStream<String>()
    #expect(stream.value == nil)

    let subscription = stream.subscribe()
    stream.send("a")
    stream.send("b")
    stream.finish()

    var received: [String] = []
    for await value in subscription {
      received.append(value)
    }
    #expect(received == ["a", "b"])
  }

  @Test("A subscription counts the values it was sent, replayed, read or not, and none dropped or sent after the end")
  func subscriptionCountsWhatItWasSent() async {
    let stream = MulticastStream(initial: 0)
    stream.send(1, version: 1)
    let replaying = stream.subscribe()
    let late = MulticastStream<Int>(replaysLatest: false)
    let eventsOnly = late.subscribe()
    #expect(replaying.sentCount == 1)
    #expect(eventsOnly.sentCount == 0)

    stream.send(2, version: 2)
    stream.send(1, version: 1)
    late.send(5)
    #expect(replaying.sentCount == 2)
    #expect(eventsOnly.sentCount == 1)

    var iterator = replaying.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    stream.finish()
    stream.send(3)
    #expect(replaying.sentCount == 2)
  }

  @Test("Many subscribers each get every value, in the order sent")
  func everySubscriberGetsEveryValueInOrder() async {
    let stream = MulticastStream<Int>()
    let subscriptions = (0..<10).map { _ in stream.subscribe() }
    #expect(stream.subscriberCount == 10)

    for value in 1...200 {
      stream.send(value)
    }
    stream.finish()

    let received = await withTaskGroup(of: [Int].self) { group in
      for subscription in subscriptions {
        group.addTask {
          var values: [Int] = []
          for await value in subscription {
            values.append(value)
          }
          return values
        }
      }
      var all: [[Int]] = []
      for await values in group {
        all.append(values)
      }
      return all
    }
    #expect(received.count == 10)
    #expect(received.allSatisfy { $0 == Array(1...200) })
  }

  @Test("finish ends every iteration, drops the subscribers and ignores later sends")
  func finishEndsIteration() async {
    let stream = MulticastStream(initial: 0)
    let subscription = stream.subscribe()

    stream.finish()
    stream.send(1)

    var received: [Int] = []
    for await value in subscription {
      received.append(value)
    }
    #expect(received == [0])
    #expect(stream.subscriberCount == 0)
    #expect(stream.value == 0)
  }

  @Test("Subscribing after finish gives the current value and then the end")
  func subscribeAfterFinish() async {
    let stream = MulticastStream(initial: "last")
    stream.finish()

    var received: [String] = []
    for await value in stream.subscribe() {
      received.append(value)
    }
    #expect(received == ["last"])
    #expect(stream.subscriberCount == 0)
  }

  @Test("A subscriber that stops iterating is removed")
  func subscriberThatStopsIsRemoved() async throws {
    let stream = MulticastStream<Int>()
    let consumer = tasks.start("consumer") {
      var taken: [Int] = []
      for await value in stream.subscribe() {
        taken.append(value)
        if taken.count == 2 { break }
      }
      return taken
    }
    try await settle()
    #expect(stream.subscriberCount == 1)

    for value in 1...5 {
      stream.send(value)
    }

    #expect(await consumer.value == [1, 2])
    #expect(stream.subscriberCount == 0)
  }

  @Test("A subscriber whose task is cancelled is removed and its iteration ends")
  func cancelledSubscriberIsRemoved() async throws {
    let stream = MulticastStream(initial: 0)
    let consumer = tasks.start("consumer") {
      var count = 0
      for await _ in stream.subscribe() {
        count += 1
      }
      return count
    }
    try await settle()
    #expect(stream.subscriberCount == 1)

    consumer.cancel()

    #expect(await consumer.value == 1)
    #expect(stream.subscriberCount == 0)
  }

  @Test("A subscription dropped without being iterated is removed")
  func droppedSubscriptionIsRemoved() async {
    let stream = MulticastStream(initial: 0)
    var subscription: MulticastStream<Int>.Subscription? = stream.subscribe()
    #expect(stream.subscriberCount == 1)
    #expect(subscription != nil)

    subscription = nil

    #expect(stream.subscriberCount == 0)
    let survivor = stream.subscribe()
    stream.send(1)
    stream.finish()
    var received: [Int] = []
    for await value in survivor {
      received.append(value)
    }
    #expect(received == [0, 1])
  }

  @Test("A tracked consumer is idle while nothing is queued for it and busy once a value is sent")
  func consumerParksWhileWaiting() async throws {
    let stream = MulticastStream<Int>(replaysLatest: false)
    let received = Received()
    tasks.start("consumer") {
      for await value in stream.subscribe() {
        received.values.append(value)
      }
    }
    try await settle()
    #expect(tasks.busyTaskNames.isEmpty)

    stream.send(7)
    #expect(tasks.busyTaskNames == ["consumer"])
    try await settle()
    #expect(received.values == [7])
    stream.finish()
    try await settle()
    #expect(tasks.taskCount == 0)
  }

  @Test(
    "Sending while subscriptions are dropped on other threads never deadlocks or loses order (run under TSan in CI)")
  func sendWhileDroppingSubscriptions() async {
    let rounds = 5_000
    let stream = MulticastStream<Int>(initial: 0)
    let survivor = stream.subscribe()
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for value in 1...rounds {
          stream.send(value)
        }
      }
      for _ in 0..<2 {
        group.addTask {
          for _ in 0..<rounds {
            // Subscribed and dropped at once: its last reference goes while a send may be
            // delivering to it.
            _ = stream.subscribe()
          }
        }
      }
      group.addTask {
        for _ in 0..<(rounds / 10) {
          let subscription = stream.subscribe()
          let consumer = Task { for await _ in subscription {} }
          consumer.cancel()
          _ = await consumer.value
        }
      }
    }
    stream.finish()
    var received: [Int] = []
    for await value in survivor {
      received.append(value)
    }
    #expect(received == Array(0...rounds))
    #expect(stream.subscriberCount == 0)
  }
}

@MainActor
private final class Received {
  var values: [Int] = []
}
