import FunCore
import Testing

@Suite("MulticastStream", .timeLimit(.minutes(1)))
struct MulticastStreamTests {
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
  func subscriberThatStopsIsRemoved() async {
    let stream = MulticastStream<Int>()
    let consumer = Task {
      var taken: [Int] = []
      for await value in stream.subscribe() {
        taken.append(value)
        if taken.count == 2 { break }
      }
      return taken
    }
    #expect(await yield { stream.subscriberCount == 1 })

    for value in 1...5 {
      stream.send(value)
    }

    #expect(await consumer.value == [1, 2])
    #expect(await yield { stream.subscriberCount == 0 })
  }

  @Test("A subscriber whose task is cancelled is removed and its iteration ends")
  func cancelledSubscriberIsRemoved() async {
    let stream = MulticastStream(initial: 0)
    let consumer = Task {
      var count = 0
      for await _ in stream.subscribe() {
        count += 1
      }
      return count
    }
    #expect(await yield { stream.subscriberCount == 1 })

    consumer.cancel()

    #expect(await consumer.value >= 0)
    #expect(await yield { stream.subscriberCount == 0 })
  }

  @Test("A subscription dropped without being iterated is removed")
  func droppedSubscriptionIsRemoved() async {
    let stream = MulticastStream(initial: 0)
    var subscription: MulticastStream<Int>.Subscription? = stream.subscribe()
    #expect(stream.subscriberCount == 1)
    #expect(subscription != nil)

    subscription = nil

    #expect(await yield { stream.subscriberCount == 0 })
    let survivor = stream.subscribe()
    stream.send(1)
    stream.finish()
    var received: [Int] = []
    for await value in survivor {
      received.append(value)
    }
    #expect(received == [0, 1])
  }
}
