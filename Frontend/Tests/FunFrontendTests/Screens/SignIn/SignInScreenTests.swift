import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

/// A sign-in coordinator that records what it was asked and refuses what the rule refuses.
@MainActor
private final class RecordingSignIn: SignInCoordinating {
  var signedIn: [String] = []
  var guestCount = 0
  var waitingLinkCount = 0
  var deleteRequests: [String] = []

  func signIn(profileNamed name: String) throws(AppError) {
    signedIn.append(try ProfileName(validating: name).value)
  }

  func continueAsGuest() {
    guestCount += 1
  }

  func confirmDeleteProfile(_ name: ProfileName) {
    deleteRequests.append(name.value)
  }
}

@Suite("SignInScreen")
@MainActor
struct SignInScreenTests {
  private func showSignIn(_ harness: ScreenHarness) -> RecordingSignIn {
    let model = harness.signInViewModel()
    let coordinator = RecordingSignIn()
    model.coordinator = coordinator
    harness.showSignedOut(SignInScreen(viewModel: model, strings: harness.strings))
    return coordinator
  }

  @Test(
    "At 40x12 the naming rule leaves no symbol alone on a line of its own, en and de",
    arguments: [Language.base, .de])
  func nameRuleWraps(language: Language) {
    let harness = ScreenHarness.$language.withValue(language) { ScreenHarness() }
    _ = showSignIn(harness)
    let lines = harness.frame(TerminalSize(columns: 40, rows: 12)).plainText.split(separator: "\n")
    let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(!trimmed.contains { $0 == "_" || $0.hasPrefix("_") }, "\(lines)")
  }

  @Test("A fresh state shows the field, focused, and the guest row; no tab bar", arguments: TerminalSize.snapshotSizes)
  func fresh(size: TerminalSize) {
    let harness = ScreenHarness()
    _ = showSignIn(harness)
    let frame = harness.frame(size)
    #expect(frame.line(1).trimmingCharacters(in: .whitespaces) == "Sign in")
    #expect(!frame.plainText.contains("[Home]"))
    #expect(frame.plainText.contains("> + New profile: ▏"))
    #expect(frame.plainText.contains("Continue as guest"))
    expectSnapshot(of: harness, size: size, named: "SignIn/fresh")
  }

  @Test("Saved profiles are listed, the first selected", arguments: TerminalSize.snapshotSizes)
  func profiles(size: TerminalSize) {
    let harness = ScreenHarness(profiles: ["grace", "Ada", "linus"])
    _ = showSignIn(harness)
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("> Ada"))
    #expect(frame.plainText.contains("  grace"))
    expectSnapshot(of: harness, size: size, named: "SignIn/profiles")
  }

  @Test(
    "With many profiles the list scrolls with its position; New profile and Continue as guest stay on screen",
    arguments: TerminalSize.snapshotSizes)
  func manyProfiles(size: TerminalSize) {
    let harness = ScreenHarness(profiles: (1...30).map { String(format: "user%02d", $0) })
    _ = showSignIn(harness)
    func text() -> String { harness.frame(size).plainText }
    #expect(text().contains("> user01"))
    #expect(text().contains("1/30"))
    #expect(text().contains("+ New profile:"))
    #expect(text().contains("Continue as guest"))
    #expect(text().contains("│"))
    harness.press(.pageDown, .pageDown)
    #expect(text().contains("+ New profile:") && text().contains("Continue as guest"))
    harness.press(.end)
    #expect(text().contains("> Continue as guest"))
    #expect(text().contains("user30"))
    harness.press(.up, .up)
    #expect(text().contains("> user30"))
    #expect(text().contains("30/30"))
    #expect(!text().contains("user01"))
    expectSnapshot(of: harness, size: harness.frame(size).size, named: "SignIn/many-profiles")
  }

  @Test("A refused name shows why below the list", arguments: TerminalSize.snapshotSizes)
  func refusedName(size: TerminalSize) {
    let harness = ScreenHarness()
    let coordinator = showSignIn(harness)
    harness.type("Ada Lovelace")
    harness.press(.enter)
    let frame = harness.frame(size)
    #expect(coordinator.signedIn.isEmpty)
    #expect(frame.plainText.contains("is not a valid"))
    expectSnapshot(of: harness, size: size, named: "SignIn/refused")
  }

  @Test(
    "A refused name's longer reason keeps the pages: the list loses rows at its bottom, and only as far as keeps the selection on screen",
    arguments: [
      // Each a reason of two lines, where the naming rule takes one.
      (TerminalSize.standard, String(repeating: "a", count: 40) + "!"), (TerminalSize(columns: 40, rows: 12), "A!"),
    ])
  func refusedNameKeepsPages(size: TerminalSize, name: String) {
    let harness = ScreenHarness(profiles: (1...30).map { String(format: "user%02d", $0) })
    _ = showSignIn(harness)
    func shown() -> [String] {
      harness.frame(size).plainText.split(whereSeparator: \.isWhitespace).map(String.init).filter {
        $0.hasPrefix("user")
      }
    }
    func eachSelection() -> [[String]] {
      // ↑ first: on the field, Home moves its cursor.
      harness.press(.up, .home)
      return (0..<30).map { index in
        if index > 0 { harness.press(.down) }
        return shown()
      }
    }
    let pages = eachSelection()
    harness.type(name)
    harness.press(.enter)
    #expect(harness.frame(size).plainText.contains("is not a valid"))
    let shortened = eachSelection()
    let room = shortened.map(\.count).max() ?? 0
    #expect(room == (pages.map(\.count).max() ?? 0) - 1, "the reason takes one row more than the rule")
    for (index, (page, rows)) in zip(pages, shortened).enumerated() {
      let name = String(format: "user%02d", index + 1)
      #expect(rows.contains(name), "\(name) is off screen: \(rows)")
      #expect(rows.count == min(page.count, room), "\(name): \(rows)")
      // The page's own rows, from its top as far as the selection allows.
      let offset = page.firstIndex(of: name) ?? 0
      let start = max(0, offset - rows.count + 1)
      #expect(rows == Array(page.dropFirst(start).prefix(rows.count)), "\(name): \(page) became \(rows)")
    }
  }

  @Test("Links waiting for a sign-in are said above the hint, with their count", arguments: TerminalSize.snapshotSizes)
  func waitingLinks(size: TerminalSize) {
    let harness = ScreenHarness(profiles: ["ada"])
    let coordinator = showSignIn(harness)
    coordinator.waitingLinkCount = 1
    #expect(harness.frame(size).plainText.contains("A link waits for you to sign in."))

    coordinator.waitingLinkCount = 16
    let frame = harness.frame(size)
    #expect(frame.plainText.contains("\(16) links wait for you to sign in."))
    #expect(frame.plainText.contains("> ada"))
    expectSnapshot(of: harness, size: size, named: "SignIn/waiting-links")
  }

  @Test("Typing in the field takes every printable key, q and digits included")
  func fieldTakesKeys() {
    let harness = ScreenHarness()
    let coordinator = showSignIn(harness)

    harness.type("q1-x")
    harness.press(.backspace)
    harness.type("_2")
    harness.press(.enter)

    #expect(!harness.rootView.isQuitRequested)
    #expect(coordinator.signedIn == ["q1-_2"])
  }

  @Test("The hint says what Enter does on the selected row, and offers Delete only on a profile")
  func hintsFollowTheRow() {
    let harness = ScreenHarness(profiles: ["ada"])
    let model = harness.signInViewModel()
    let screen = SignInScreen(viewModel: model, strings: harness.strings)
    var hints: String { screen.hints(in: RootView.body(of: .standard)) }
    #expect(hints.contains("⏎ sign in") && hints.contains("Delete delete profile"))
    model.send(.move(by: 1))
    #expect(hints.contains("⏎ create") && !hints.contains("Delete"))
    model.send(.move(by: 1))
    #expect(hints.contains("⏎ continue") && !hints.contains("Delete"))
  }

  @Test("↑/↓ choose a profile or the guest row; Enter signs in; tab keys do nothing")
  func listKeys() {
    let harness = ScreenHarness(profiles: ["ada", "bob"])
    let coordinator = showSignIn(harness)

    harness.press(.down, .enter)
    harness.press(.tab, .backTab)
    harness.press(.down, .down, .enter)

    #expect(coordinator.signedIn == ["bob"])
    #expect(coordinator.guestCount == 1)
    #expect(harness.frame(.standard).line(1).trimmingCharacters(in: .whitespaces) == "Sign in")
  }

  @Test("Typing on the list goes to the name field, q, j, k and d included; ? still helps and Ctrl-C quits")
  func typingFromTheList() {
    let harness = ScreenHarness(profiles: ["ada", "bob"])
    let coordinator = showSignIn(harness)

    harness.type("quinn-dj_k2")

    #expect(harness.frame(.standard).plainText.contains("> + New profile: quinn-dj_k2▏"))
    #expect(!harness.rootView.isQuitRequested)
    #expect(coordinator.deleteRequests.isEmpty)
    harness.press(.up, .char("?"))
    #expect(harness.rootView.isShowingHelp)
    harness.press(.escape, .ctrlC)
    #expect(harness.rootView.isQuitRequested)
  }

  @Test("A paste goes into the name field, from the list too, and Enter signs in to it")
  func pasteIntoName() {
    let harness = ScreenHarness(profiles: ["ada"])
    let coordinator = showSignIn(harness)

    harness.press(.paste("erin"))
    #expect(harness.frame(.standard).plainText.contains("> + New profile: erin▏"))
    harness.press(.home, .paste("k"), .enter)

    #expect(coordinator.signedIn == ["kerin"])
  }

  @Test("Delete on a profile asks to delete it; on the field it deletes the character after the cursor")
  func deleteKey() {
    let harness = ScreenHarness(profiles: ["ada", "bob"])
    let coordinator = showSignIn(harness)

    harness.press(.delete, .down, .delete, .down)
    harness.type("dave")
    harness.press(.home, .delete)

    #expect(coordinator.deleteRequests == ["ada", "bob"])
    #expect(harness.frame(.standard).plainText.contains("+ New profile: ▏ave"))
  }

  @Test("Esc clears the field, wherever the cursor is; it stays focused")
  func escapeClears() {
    let harness = ScreenHarness()
    _ = showSignIn(harness)

    harness.type("ada")
    harness.press(.left, .escape)

    #expect(harness.frame(.standard).plainText.contains("> + New profile: ▏"))
  }

  @Test(
    "A click selects a row, a click on the selected row does what Enter does there: a profile, the guest row, the field",
    arguments: TerminalSize.snapshotSizes)
  func clickRows(size: TerminalSize) throws {
    let harness = ScreenHarness(profiles: ["ada", "bob"])
    let coordinator = showSignIn(harness)
    func click(_ text: String) throws {
      harness.click(at: try #require(harness.cell(of: text, size: size), "\(text): \(harness.frame(size).plainText)"))
    }

    try click("bob")
    #expect(harness.frame(size).plainText.contains("> bob"))
    #expect(coordinator.signedIn.isEmpty, "the first click only selects")
    try click("bob")
    #expect(coordinator.signedIn == ["bob"])

    try click("Continue as guest")
    try click("Continue as guest")
    #expect(coordinator.guestCount == 1)

    try click("+ New profile")
    harness.type("cy")
    try click("+ New profile")
    #expect(coordinator.signedIn == ["bob", "cy"])
  }

  @Test(
    "With many profiles, a click on one shown after scrolling selects it where it is, on the last page too; again signs in"
  )
  func clickScrolledProfile() throws {
    let harness = ScreenHarness(profiles: (1...30).map { String(format: "user%02d", $0) })
    let coordinator = showSignIn(harness)
    for keys in [[Key.pageDown, .pageDown], [.end]] {
      for key in keys { harness.press(key) }
      // The first profile the page shows: on a full last page it was a row the page before
      // showed too, which a click used to move.
      let lines = harness.frame(.standard).plainText.split(separator: "\n")
      let shown = try #require(lines.first { $0.contains("  user") && !$0.contains("> ") })
      let name = String(try #require(shown.split(separator: " ").first { $0.hasPrefix("user") }))
      let cell = try #require(harness.cell(of: name, size: .standard))
      harness.click(at: cell)
      #expect(harness.frame(.standard).plainText.contains("> " + name))
      #expect(harness.cell(of: name, size: .standard) == cell, "the row moved after the first click")
      harness.click(at: cell)
      #expect(coordinator.signedIn.last == name)
    }
  }

}
