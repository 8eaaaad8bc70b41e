import Testing

@testable import FunApp

/// What `fun` decides turned the screen reader on, from its options and environment, without a
/// terminal: the reader speaks whenever something asked, and Settings names what asked, as the
/// person wrote it, while its own toggle is off.
@Suite("Screen-reader choice")
@MainActor
struct ScreenReaderChoiceTests {
  @Test(
    "Interactively FUN_SCREEN_READER=1 alone turns the reader on and is named as the variable; --screen-reader is named as the flag, with or without it",
    arguments: [
      ([], ["FUN_SCREEN_READER": "1"], "FUN_SCREEN_READER=1"),
      (["--screen-reader"], [:], "--screen-reader"),
      (["--screen-reader"], ["FUN_SCREEN_READER": "1"], "--screen-reader"),
      ([], [:], nil),
      ([], ["FUN_SCREEN_READER": "0"], nil),
      ([], ["FUN_SCREEN_READER": ""], nil),
    ] as [([String], [String: String], String?)])
  func interactive(arguments: [String], environment: [String: String], askedBy: String?) throws {
    let options = try AppOptions(arguments: arguments)
    #expect(FunMain.screenReaderAskedBy(options: options, environment: environment, isScript: false) == askedBy)
  }

  @Test(
    "Script mode ignores the variable, as it does the language, so a flow reads the same everywhere; the flag still asks"
  )
  func scriptMode() throws {
    let environment = ["FUN_SCREEN_READER": "1"]
    let plain = try AppOptions(arguments: ["--script", "flow.fun"])
    #expect(FunMain.screenReaderAskedBy(options: plain, environment: environment, isScript: true) == nil)
    let flagged = try AppOptions(arguments: ["--script", "flow.fun", "--screen-reader"])
    #expect(
      FunMain.screenReaderAskedBy(options: flagged, environment: environment, isScript: true) == "--screen-reader")
  }
}
