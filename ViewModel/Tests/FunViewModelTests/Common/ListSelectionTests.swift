import Testing

@testable import FunViewModel

@Suite("ListSelection")
struct ListSelectionTests {
  @Test(
    "Wrapping goes round a cycle of places however far it steps, either way",
    arguments: [
      (index: 0, count: 3, wrapped: 0), (index: 3, count: 3, wrapped: 0), (index: 7, count: 3, wrapped: 1),
      (index: -1, count: 3, wrapped: 2), (index: -4, count: 3, wrapped: 2), (index: 5, count: 1, wrapped: 0),
    ])
  func wrap(index: Int, count: Int, wrapped: Int) {
    #expect(ListSelection.wrap(index, count: count) == wrapped)
  }

  @Test(
    "Clamping keeps an index within the rows, the first for none",
    arguments: [
      (index: -2, count: 3, clamped: 0), (index: 1, count: 3, clamped: 1), (index: 9, count: 3, clamped: 2),
      (index: 4, count: 0, clamped: 0),
    ])
  func clamp(index: Int, count: Int, clamped: Int) {
    #expect(ListSelection.clamp(index, count: count) == clamped)
  }
}
