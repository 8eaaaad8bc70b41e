import Testing

@testable import FunFrontend

@Suite("ScrollBar")
struct ScrollBarTests {
  @Test("A list shows the page its selection is on: pages from the top that never overlap, the last one short")
  func pages() {
    let pages = (0..<25).map { ScrollBar.firstVisible(selected: $0, visible: 10, total: 25) }
    #expect(pages == Array(repeating: 0, count: 10) + Array(repeating: 10, count: 10) + Array(repeating: 20, count: 5))
  }

  @Test("What fits shows from the top, wherever the selection is; an empty room shows nothing to scroll")
  func fits() {
    #expect(ScrollBar.firstVisible(selected: 7, visible: 10, total: 8) == 0)
    #expect(ScrollBar.firstVisible(selected: 3, visible: 0, total: 8) == 0)
    #expect(ScrollBar.firstVisible(selected: -1, visible: 4, total: 8) == 0)
  }
}
