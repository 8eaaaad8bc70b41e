import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("InMemoryState")
struct InMemoryStateTests {
  @Test("A change that leaves the value equal publishes nothing; a refused one keeps the value")
  func noOpAndRefusal() async {
    let state = InMemoryState([1])
    var changes = state.changes().makeAsyncIterator()
    #expect(await changes.next() == [1])

    state.update { $0 = [1] }
    #expect(throws: AppError.self) {
      try state.update { (value: inout [Int]) throws(AppError) in
        value.append(2)
        throw .invalidProfileDetails(reason: L10n.Details.emptyName)
      }
    }
    state.update { $0.append(3) }

    #expect(await changes.next() == [1, 3])
    #expect(state.value == [1, 3])
  }

  @Test("After the end the stream finishes and changes are not applied")
  func end() async {
    let state = InMemoryState("before")
    var changes = state.changes().makeAsyncIterator()
    #expect(await changes.next() == "before")

    state.end()
    state.update { $0 = "after" }

    #expect(await changes.next() == nil)
    #expect(state.value == "before")
  }
}
