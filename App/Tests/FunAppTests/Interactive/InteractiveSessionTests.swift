import Foundation
import FunLinkHandoffTestSupport
import FunModelTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real `fun` binary in interactive mode, driven through a pseudo-terminal.
@Suite("Interactive mode in a terminal", .timeLimit(.minutes(2)))
struct InteractiveSessionTests {
  /// Starts `fun` interactively on a fresh state directory, signed in to a profile, and waits
  /// for the Home tab.
  private func start(in directory: SocketDirectory) async throws -> InteractiveFun {
    let fun = try InteractiveFun.signedIn(stateDirectory: directory.path("state"))
    let showsHome = try await blocking { fun.waitForScreen(showing: "[Home]") }
    #expect(showsHome, "the screen never showed [Home]:\n\(fun.terminal.screen.text)")
    return fun
  }

  @Test("runs full-screen in raw mode and switches tabs with number keys")
  func switchesTabs() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    #expect(fun.terminal.output.contains(InteractiveFun.enterAlternateScreen))
    let running = try fun.terminal.modes()
    #expect(!running.echoes)
    #expect(!running.isLineBuffered)

    try fun.press("2")
    let showsSearch = try await blocking { fun.waitForScreen(showing: "[Search]") }
    #expect(showsSearch, "pressing 2 did not show [Search]:\n\(fun.terminal.screen.text)")
    #expect(fun.terminal.screen.lines.first?.contains("[Home]") == false)

    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
  }

  @Test("An interactive start with LANG=de_DE.UTF-8 speaks German (script mode would not)")
  func germanFromTheEnvironment() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try InteractiveFun.signedIn(
      stateDirectory: directory.path("state"), environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""])
    let showsStart = try await blocking { fun.waitForScreen(showing: "[Start]") }
    #expect(showsStart, "the screen never showed [Start]:\n\(fun.terminal.screen.text)")
    try fun.press("5")
    let showsSettings = try await blocking { fun.waitForScreen(showing: "Empfohlen-Karussell") }
    #expect(showsSettings, "Settings did not speak German:\n\(fun.terminal.screen.text)")
    try fun.press("q")
    #expect(try await blocking { fun.waitForExit() } == InteractiveFun.Exit(status: 0, wasSignalled: false))
  }

  @Test(
    "q and Ctrl-C quit with status 0, leave the alternate screen and restore the terminal modes",
    arguments: ["q", "\u{03}"])
  func quitRestoresTerminal(key: String) async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    try fun.press("2")
    _ = try await blocking { fun.waitForScreen(showing: "[Search]") }

    try fun.press(key)
    let left = try await blocking { fun.waitForOutput(containing: InteractiveFun.leaveAlternateScreen) }
    #expect(left, "fun did not leave the alternate screen")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(try fun.terminal.modes() == fun.modesBefore)
    let output = fun.terminal.output
    let enter = try #require(output.firstRange(of: InteractiveFun.enterAlternateScreen))
    let leave = try #require(output.firstRange(of: InteractiveFun.leaveAlternateScreen))
    #expect(enter.upperBound <= leave.lowerBound)
    #expect(fun.turnedInputModesOn, "fun did not turn bracketed paste and mouse reports on")
    #expect(fun.leftInputModesOff, "fun left bracketed paste or mouse reports on")
  }

  @Test("TERM=dumb gets a transcript: each changed frame as plain lines, and not one escape sequence")
  func dumbTerminalTranscript() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try InteractiveFun.signedIn(stateDirectory: directory.path("state"), environment: ["TERM": "dumb"])
    let showsHome = try await blocking { fun.waitForOutput(containing: Array("[Home]".utf8)) }
    #expect(showsHome, "no frame with [Home] was printed")
    try fun.press("2")
    let showsSearch = try await blocking { fun.waitForOutput(containing: Array("[Search]".utf8)) }
    #expect(showsSearch, "pressing 2 printed no frame with [Search]")
    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(try fun.terminal.modes() == fun.modesBefore)
    #expect(!fun.terminal.output.contains(0x1B), "an escape byte reached the dumb terminal")
    let text = String(decoding: fun.terminal.output, as: UTF8.self)
    #expect(text.contains("\r\n"))
    let home = try #require(text.range(of: "[Home]"))
    let search = try #require(text.range(of: "[Search]"))
    #expect(home.lowerBound < search.lowerBound, "the Search frame should follow the Home frame")
  }

  @Test(":quit on the command line quits at once, without waiting for another key")
  func commandLineQuit() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    for key in [":", "q", "u", "i", "t", "\r"] {
      try fun.press(key)
    }
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(try fun.terminal.modes() == fun.modesBefore)
  }

  @Test(
    "SIGTERM ends fun by the signal, after leaving the alternate screen, restoring the terminal modes and removing the link socket"
  )
  func terminateRestoresTerminal() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    let socket = directory.path("state") + "/fun.sock"
    #expect(FileManager.default.fileExists(atPath: socket), "fun was not listening for links")
    fun.terminate()
    let left = try await blocking { fun.waitForOutput(containing: InteractiveFun.leaveAlternateScreen) }
    #expect(left, "fun did not leave the alternate screen")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: SIGTERM, wasSignalled: true))
    #expect(!FileManager.default.fileExists(atPath: socket), "SIGTERM left the link socket behind")
    #expect(fun.turnedInputModesOn, "fun did not turn bracketed paste and mouse reports on")
    #expect(fun.leftInputModesOff, "fun left bracketed paste or mouse reports on")
    #expect(try fun.terminal.modes() == fun.modesBefore)
    #expect(try fun.terminal.sttySettings() == fun.settingsBefore)
  }

  @Test("A bracketed paste is text: pasted q2? does nothing on a list, 200 characters land whole in the search field")
  func bracketedPaste() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    let pasteOn = try await blocking { fun.waitForOutput(containing: InteractiveFun.inputModes[0].on) }
    #expect(pasteOn, "fun did not turn bracketed paste on")

    try fun.press("\u{1B}[200~q2?\u{1B}[201~")
    try fun.press("/")
    let focused = try await blocking { fun.waitForScreen(showing: "[Search]") }
    #expect(focused)
    #expect(!fun.terminal.screen.text.contains("Help"), "a pasted ? opened help")

    // Typed or pasted, 200 characters land whole; the field shows the end of a query wider
    // than itself. (That a read's keys are drawn once is InputReaderTests' one-read-one-batch.)
    for (text, bracketed) in [
      (String(repeating: "swiftly ", count: 25), true), (String(repeating: "typed ", count: 34), false),
    ] {
      try fun.press(bracketed ? "\u{1B}[200~" + text + "\u{1B}[201~" : text)
      let shown = try await blocking { fun.waitForScreen(showing: String(text.suffix(40))) }
      #expect(shown, "the text did not show:\n\(fun.terminal.screen.text)")
      try fun.press("\u{15}")  // Ctrl-U empties the field
    }

    try fun.press("\u{03}")
    let left = try await blocking { fun.waitForOutput(containing: InteractiveFun.leaveAlternateScreen) }
    #expect(left, "fun did not leave the alternate screen")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(fun.leftInputModesOff)
  }

  @Test("A click on a tab switches to it, a click on a row selects it and a second opens it; releases type nothing")
  func mouseClicks() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    let mouseOn = try await blocking { fun.waitForOutput(containing: InteractiveFun.inputModes[2].on) }
    #expect(mouseOn, "fun did not turn SGR mouse reports on")

    // "Settings" starts at column 47 of 80 (1-based 48), after "Explore · "; a press and its release.
    try fun.press("\u{1B}[<0;49;1M\u{1B}[<0;49;1m")
    let showsSettings = try await blocking { fun.waitForScreen(showing: "[Settings]") }
    #expect(showsSettings, "a click on the tab did not switch to it:\n\(fun.terminal.screen.text)")
    try fun.press("2")
    let showsSearch = try await blocking { fun.waitForScreen(showing: "[Search]") }
    #expect(showsSearch)
    // The test can get here before the catalog has loaded, and a click while Search still
    // says "Searching…" finds no row. The list's position, 1/37, shows with the rows.
    let showsResults = try await blocking { fun.waitForScreen(showing: "1/37") }
    #expect(showsResults, "Search never listed its results:\n\(fun.terminal.screen.text)")
    // Search's list starts on row 7 (1-based); row 8 is its second item, Observation.
    try fun.press("\u{1B}[<0;5;8M\u{1B}[<0;5;8m")
    let selected = try await blocking { fun.waitForScreen(showing: ">   Observation") }
    #expect(selected, "a click on a row did not select it:\n\(fun.terminal.screen.text)")
    try fun.press("\u{1B}[<0;5;8M\u{1B}[<0;5;8m")
    let opened = try await blocking { fun.waitForScreen(showing: "Search › Observation") }
    #expect(opened, "a second click did not open the row:\n\(fun.terminal.screen.text)")

    try fun.press("q")
    let left = try await blocking { fun.waitForOutput(containing: InteractiveFun.leaveAlternateScreen) }
    #expect(left, "fun did not leave the alternate screen")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(fun.leftInputModesOff, "fun left mouse reports on")
  }

  @Test("s on Detail copies the share text to the terminal's clipboard (OSC 52) and says so, as far as it can know")
  func shareCopiesToClipboard() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try await start(in: directory)
    let loaded = try await blocking { fun.waitForScreen(showing: ">   SwiftUI") }
    #expect(loaded, "the catalog never showed:\n\(fun.terminal.screen.text)")
    try fun.press("\r")
    let showsDetail = try await blocking { fun.waitForScreen(showing: "Home › SwiftUI") }
    #expect(showsDetail, "Enter did not open the first item:\n\(fun.terminal.screen.text)")
    try fun.press("s")
    // The toast shows for 2.5 s of real time, which a loaded machine can outlast: any frame
    // since the key counts.
    let toast = try await blocking { fun.waitForScreen(everShowing: "copied, if your terminal allows it") }
    #expect(toast, "the toast does not say it was copied:\n\(fun.terminal.screen.text)")
    let start = Array("\u{1B}]52;c;".utf8)
    let copied = try await blocking { fun.waitForOutput(containing: start) }
    #expect(copied, "no OSC 52 sequence reached the terminal")
    let output = fun.terminal.output
    let payloadStart = try #require(output.firstRange(of: start)).upperBound
    let payloadEnd = try #require(output[payloadStart...].firstIndex(of: 0x07))
    let text = Data(base64Encoded: Data(output[payloadStart..<payloadEnd])).map { String(decoding: $0, as: UTF8.self) }
    #expect(text?.hasPrefix("SwiftUI — ") == true)
    #expect(text?.hasSuffix("funapp://item/swiftui") == true)

    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
  }

  @Test(
    "--no-mouse never turns mouse reports on, so the terminal keeps its own selection; a report that arrives anyway does nothing"
  )
  func noMouse() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let fun = try InteractiveFun.signedIn(stateDirectory: directory.path("state"), arguments: ["--no-mouse"])
    let showsHome = try await blocking { fun.waitForScreen(showing: "[Home]") }
    #expect(showsHome, "the screen never showed [Home]:\n\(fun.terminal.screen.text)")
    // A click on the activity's name would open the switcher, where `2` chooses Studio; dropped,
    // `2` is the Search tab.
    try fun.press("\u{1B}[<0;3;1M\u{1B}[<0;3;1m2")
    let showsSearch = try await blocking { fun.waitForScreen(showing: "[Search]") }
    #expect(showsSearch, "the click was not dropped:\n\(fun.terminal.screen.text)")
    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(fun.terminal.output.contains(InteractiveFun.inputModes[0].on), "bracketed paste should stay on")
    #expect(!fun.terminal.output.contains(InteractiveFun.inputModes[1].on))
    #expect(!fun.terminal.output.contains(InteractiveFun.inputModes[2].on))
  }

  @Test("A fresh state directory shows the sign-in screen; typing a name and Enter signs in to the tabs")
  func signsIn() async throws {
    let directory = try SocketDirectory()
    defer { directory.remove() }
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    let fun = try InteractiveFun(executable: executable, arguments: ["--state-dir", directory.path("state")])
    let showsSignIn = try await blocking { fun.waitForScreen(showing: "+ New profile:") }
    #expect(showsSignIn, "the screen never showed the sign-in field:\n\(fun.terminal.screen.text)")
    #expect(!fun.terminal.screen.text.contains("[Home]"))

    try fun.press("q1\u{7F}\u{7F}ada\r")
    let showsHome = try await blocking { fun.waitForScreen(showing: "● ada") }
    #expect(showsHome, "Enter did not sign in:\n\(fun.terminal.screen.text)")
    #expect(fun.terminal.screen.text.contains("[Home]"))

    try fun.press("q")
    let exit = try await blocking { fun.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 0, wasSignalled: false))
    #expect(FileManager.default.fileExists(atPath: directory.path("state/profiles/ada/profile.json")))
  }
}
