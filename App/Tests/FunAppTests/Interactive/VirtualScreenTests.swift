import Testing

@testable import FunApp

/// The test terminal's screen, which the pseudo-terminal tests read to see what a person sees.
@Suite("VirtualScreen")
struct VirtualScreenTests {
  /// A bottom line drawn with a toast and then, in the same bytes, drawn over.
  private let toastThenHints = Array(
    ("\u{1B}[1;1H[Home]\u{1B}[3;1H\u{1B}[2KShared: copied\u{1B}[m" + "\u{1B}[3;1H\u{1B}[2Kf favorite  s share").utf8)

  @Test("The screen is what the bytes leave: text drawn over is gone")
  func replaysToTheEnd() {
    let screen = VirtualScreen(toastThenHints, columns: 20, rows: 3)
    #expect(screen.lines == ["[Home]", "", "f favorite  s share"])
  }

  @Test("showed finds text a later frame replaced, but only in the bytes from the offset on")
  func showedLooksAtEveryFrame() {
    #expect(VirtualScreen.showed("copied", in: toastThenHints, from: 0, columns: 20, rows: 3))
    #expect(VirtualScreen.showed("s share", in: toastThenHints, from: 0, columns: 20, rows: 3))
    let afterToast = toastThenHints.count - Array("f favorite  s share".utf8).count
    #expect(!VirtualScreen.showed("copied", in: toastThenHints, from: afterToast, columns: 20, rows: 3))
    #expect(!VirtualScreen.showed("Profile", in: toastThenHints, from: 0, columns: 20, rows: 3))
  }
}
