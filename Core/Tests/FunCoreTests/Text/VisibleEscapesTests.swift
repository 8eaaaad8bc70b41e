import FunCore
import Testing

@Suite("VisibleEscapes")
struct VisibleEscapesTests {
  @Test("A value of one letter and half a million combining marks is named by its first 200 scalars")
  func clipsCombiningMarksByScalar() {
    let value = "a" + String(repeating: "\u{301}", count: 500_000)
    let clipped = VisibleEscapes.clipped(value)
    #expect(clipped.unicodeScalars.count == 200)
    #expect(clipped.unicodeScalars.last == "…")
    #expect(clipped.unicodeScalars.first == "a")
  }

  @Test("A value of 200 scalars or fewer is only escaped")
  func leavesShortValuesWhole() {
    let value = String(repeating: "e\u{301}", count: 100)
    #expect(VisibleEscapes.clipped(value) == value)
    #expect(VisibleEscapes.clipped("a\nb") == VisibleEscapes.escaped("a\nb"))
  }

  @Test("A long plain value keeps its first 199 characters and ends in an ellipsis")
  func clipsLongPlainValue() {
    let value = String(repeating: "x", count: 1_000)
    #expect(VisibleEscapes.clipped(value) == String(repeating: "x", count: 199) + "…")
  }

  @Test("The cut falls between characters: an emoji of several scalars across the bound is left out whole")
  func clipsBetweenCharacters() {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    let value = String(repeating: "a", count: 197) + family + String(repeating: "b", count: 100)
    #expect(VisibleEscapes.clipped(value) == String(repeating: "a", count: 197) + "…")
  }
}
