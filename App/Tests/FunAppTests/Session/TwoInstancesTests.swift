import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

/// Two `fun`s on one profile (two terminals, one state folder): what one saves shows in the
/// other within about a second of its clock, and neither loses the other's changes.
@Suite("Two instances on one profile", .timeLimit(.minutes(3)))
@MainActor
struct TwoInstancesTests {
  /// Runs script `commands` on `application`, as its `:` line would.
  private func run(_ commands: String..., on application: FunApplication, in time: VirtualTime) async throws {
    for command in commands {
      await application.runCommandLine(command)
      try await time.settle()
    }
  }

  private func text(of application: FunApplication) -> String {
    application.frame(size: .standard).plainText
  }

  @Test("A favorite added in one shows in the other within a second; one added there keeps both")
  func favoritesShowInTheOther() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (first, firstTime) = try await signedInApplication(in: directory, watchesOutsideChanges: true)
    let (second, secondTime) = try await signedInApplication(in: directory, watchesOutsideChanges: true)
    try await run("tab favorites", on: second, in: secondTime)
    #expect(text(of: second).contains("No favorites yet"))

    try await run("fav swiftui", on: first, in: firstTime)
    #expect(try savedFavorites(in: directory) == ["swiftui"])
    try await secondTime.advance(by: .milliseconds(500))
    #expect(text(of: second).contains("No favorites yet"))
    try await secondTime.advance(by: .milliseconds(500))
    #expect(text(of: second).contains("★ SwiftUI"))
    #expect(text(of: second).contains("1 favorite"))

    try await run("fav macros", on: second, in: secondTime)
    try await run("tab favorites", on: first, in: firstTime)
    try await firstTime.advance(by: .seconds(1))
    #expect(text(of: first).contains("2 favorites"))
    #expect(text(of: second).contains("2 favorites"))
    #expect(try savedFavorites(in: directory) == ["macros", "swiftui"])
  }

  @Test("A profile another Fun is signed in to is not deleted: the delete says why, and works once it signs out")
  func deleteWaitsForTheOther() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (first, firstTime) = try await signedInApplication(in: directory)
    let (second, secondTime) = try await signedInApplication(in: directory)
    let ada = try ProfileName(validating: "ada")
    try await run("sign-out", "key enter", on: second, in: secondTime)

    second.root.confirmDeleteProfile(ada)
    try await run("key enter", on: second, in: secondTime)
    #expect(text(of: second).contains("ada is signed in to another Fun"), "\(text(of: second))")
    #expect(FileManager.default.fileExists(atPath: directory.path("profiles/ada/profile.json")))

    try await run("sign-out", "key enter", on: first, in: firstTime)
    second.root.confirmDeleteProfile(ada)
    try await run("key enter", on: second, in: secondTime)
    #expect(!FileManager.default.fileExists(atPath: directory.path("profiles/ada")))
  }

  @Test("Deleting the profile just signed out of waits for its session to end, not refused as another Fun's")
  func deleteRightAfterSignOut() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (application, time) = try await signedInApplication(in: directory)
    // A favorite still being saved, signed out and asked at once: the session's end (its
    // saves, then its profile let go) is still under way when the deletion is confirmed.
    await application.runCommandLine("fav swiftui")
    application.root.signOut()
    application.root.confirmDeleteProfile(try ProfileName(validating: "ada"))
    try await run("key enter", on: application, in: time)
    #expect(!text(of: application).contains("ada is signed in to another Fun"), "\(text(of: application))")
    #expect(!FileManager.default.fileExists(atPath: directory.path("profiles/ada")))
  }

  @Test("A setting changed in one shows in the other within a second")
  func settingsShowInTheOther() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (first, firstTime) = try await signedInApplication(in: directory, watchesOutsideChanges: true)
    let (second, secondTime) = try await signedInApplication(in: directory, watchesOutsideChanges: true)
    try await run("tab settings", on: second, in: secondTime)
    #expect(text(of: second).contains("Featured carousel         on"))

    try await run("toggle carousel", on: first, in: firstTime)
    try await secondTime.advance(by: .seconds(1))
    #expect(text(of: second).contains("Featured carousel         off"))
  }

  /// The items `ada`'s `my-items.json` in `directory` holds, as saved: id, title and subtitle.
  private func savedItems(in directory: TemporaryDirectory) throws -> [[String]] {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory.path("profiles/ada/my-items.json")))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]]
    return (object?["items"] ?? []).map { item in
      ["id", "title", "subtitle"].map { item[$0] as? String ?? "" }
    }
  }

  /// Two Funs on `ada`, the first with an item `notes` written through its form, the second
  /// showing it, both on Studio's My items with it selected.
  private func bothWithAnItem(
    in directory: TemporaryDirectory
  ) async throws -> (first: (FunApplication, VirtualTime), second: (FunApplication, VirtualTime)) {
    let (first, firstTime) = try await signedInApplication(in: directory, watchesOutsideChanges: true)
    let (second, secondTime) = try await signedInApplication(in: directory, watchesOutsideChanges: true)
    try await run(
      "activity studio", "key n", "type notes", "key tab", "type Notes", "key tab", "key tab", "type Journal",
      "key ctrl-s", on: first, in: firstTime)
    try await run("activity studio", on: second, in: secondTime)
    try await secondTime.advance(by: .seconds(1))
    #expect(text(of: second).contains("1 item of yours"))
    return ((first, firstTime), (second, secondTime))
  }

  @Test("An item edited in both: the later save is refused in its form with the draft kept; saving again overwrites")
  func itemEditedInBoth() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ((first, firstTime), (second, secondTime)) = try await bothWithAnItem(in: directory)
    try await run("key e", on: second, in: secondTime)
    try await run("key e", "key tab", "key ctrl-u", "type New title", "key ctrl-s", on: first, in: firstTime)
    #expect(try savedItems(in: directory) == [["notes", "New title", ""]])

    // The second changes only the subtitle, in a form opened before the first saved.
    try await run("key tab", "key tab", "type Mine", "key ctrl-s", on: second, in: secondTime)
    let refused = text(of: second)
    #expect(refused.contains("┌ Edit notes"))
    #expect(refused.contains("Another Fun changed Notes since you opened it"))
    #expect(refused.contains("│ Mine"))
    #expect(try savedItems(in: directory) == [["notes", "New title", ""]])

    // Saving again replaces the other's change, knowingly.
    try await run("key ctrl-s", on: second, in: secondTime)
    #expect(!text(of: second).contains("┌ Edit notes"))
    #expect(try savedItems(in: directory) == [["notes", "Notes", "Mine"]])
  }

  @Test("An item deleted in one is not brought back by the other's open form; saving again writes it anew")
  func itemDeletedInOne() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ((first, firstTime), (second, secondTime)) = try await bothWithAnItem(in: directory)
    try await run("key e", on: second, in: secondTime)
    try await run("key d", "key enter", on: first, in: firstTime)
    #expect(try savedItems(in: directory).isEmpty)

    try await run("key tab", "key tab", "type Mine", "key ctrl-s", on: second, in: secondTime)
    #expect(text(of: second).contains("Another Fun deleted Notes since you opened it"))
    #expect(text(of: second).contains("│ Mine"))
    #expect(try savedItems(in: directory).isEmpty)

    try await run("key ctrl-s", on: second, in: secondTime)
    #expect(!text(of: second).contains("│ Mine"))
    #expect(try savedItems(in: directory) == [["notes", "Notes", "Mine"]])
  }

  @Test("Your favorited item renamed, then deleted, in one: the other's favorite follows it, and none is left missing")
  func favoriteFollowsTheOthersRenameAndDelete() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let ((first, firstTime), (second, secondTime)) = try await bothWithAnItem(in: directory)
    try await run("key f", on: first, in: firstTime)
    #expect(try savedFavorites(in: directory) == ["notes"])

    try await run("key e", "key ctrl-u", "type mine", "key ctrl-s", on: first, in: firstTime)
    #expect(try savedFavorites(in: directory) == ["mine"])
    try await run("activity explore", "tab favorites", on: second, in: secondTime)
    try await secondTime.advance(by: .seconds(1))
    #expect(text(of: second).contains("★ Notes"))
    #expect(text(of: second).contains("1 favorite"))
    #expect(!text(of: second).contains("not in this catalog"))

    try await run("key d", "key enter", on: first, in: firstTime)
    #expect(try savedFavorites(in: directory).isEmpty)
    try await secondTime.advance(by: .seconds(1))
    #expect(text(of: second).contains("No favorites yet"))
    #expect(!text(of: second).contains("not in this catalog"))
  }
}
