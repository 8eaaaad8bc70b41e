import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp
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
}
