import Synchronization

@testable import FunCore

/// A service protocol for locator tests, with a key in the style the app's layers use.
protocol Greeter: Sendable {
  func greet() -> String
}

/// A greeter that says what it was made with.
final class FixedGreeter: Greeter {
  let text: String

  init(_ text: String) {
    self.text = text
  }

  func greet() -> String {
    text
  }
}

extension ServiceKey where Value == any Greeter {
  static var greeter: Self { Self("greeter") }
}

extension ServiceKey where Value == String {
  static var userName: Self { Self("userName") }
}

extension ServiceKey where Value == Int {
  static var answer: Self { Self("answer") }
}

/// Counts calls from any thread, for factories that must run a known number of times.
final class CallCounter: Sendable {
  private let count = Atomic(0)

  var value: Int {
    count.load(ordering: .sequentiallyConsistent)
  }

  func increment() {
    count.add(1, ordering: .sequentiallyConsistent)
  }
}
