import Testing

@testable import FunModel

@Suite("Appearance")
struct AppearanceTests {
  @Test("next cycles system → light → dark → system")
  func nextCycles() {
    #expect(Appearance.system.next == .light)
    #expect(Appearance.light.next == .dark)
    #expect(Appearance.dark.next == .system)
  }

  @Test("previous steps the same cycle the other way, undoing next", arguments: Appearance.allCases)
  func previousUndoesNext(appearance: Appearance) {
    #expect(appearance.next.previous == appearance)
    #expect(appearance.previous.next == appearance)
    #expect(appearance.previous != appearance)
  }

  @Test("Stepping next once per case comes back to the start", arguments: Appearance.allCases)
  func fullCycleReturns(start: Appearance) {
    var appearance = start
    var seen: Set<Appearance> = []
    for _ in Appearance.allCases {
      seen.insert(appearance)
      appearance = appearance.next
    }
    #expect(appearance == start)
    #expect(seen == Set(Appearance.allCases))
  }

  @Test("The description is the name Settings shows")
  func descriptions() {
    #expect(Appearance.allCases.map(\.description) == ["system", "light", "dark"])
  }
}
