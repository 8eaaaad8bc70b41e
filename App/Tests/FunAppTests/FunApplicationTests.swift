import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// Deep links through script mode and `--open`.
@Suite("FunApplication deep links", .timeLimit(.minutes(3)))
struct FunApplicationTests {
  @Test(
    "a deep link Fun cannot parse fails its line with the reason, exit 1, and changes nothing",
    arguments: [
      ("funapp://nowhere", #"Cannot open funapp://nowhere: unknown destination "nowhere""#),
      ("funapp://tab/inbox", "Cannot open funapp://tab/inbox"),
      ("funapp://item/swiftui?tab=inbox", "Cannot open funapp://item/swiftui?tab=inbox"),
      ("funapp://item/x?tab=sources", "Cannot open funapp://item/x?tab=sources"),
      ("https://evil.example/tab/search", "Cannot open https://evil.example/tab/search"),
      ("ftp://fun.example/tab/search", "Cannot open ftp://fun.example/tab/search"),
      ("not a url", "Cannot open not a url"),
    ]
  )
  func badDeepLink(url: String, reason: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\nkey down\ndeeplink \(url)\n", in: directory)
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("error: line 3: \(reason)") == true, "\(run.errors)")
    let before = try #require(run.frame(line: 2))
    let after = try #require(run.frame(line: 3))
    #expect(after.lines == before.lines)
  }

  @Test("a deep link that parses but names an item the catalog lacks shows an error toast and changes nothing")
  func deepLinkToMissingItem() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\nkey down\ndeeplink funapp://item/does-not-exist\n", in: directory)
    #expect(run.status == 0)
    let before = try #require(run.frame(line: 2))
    let after = try #require(run.frame(line: 3))
    #expect(after.bottomLine.hasPrefix("✗ "))
    #expect(!before.bottomLine.hasPrefix("✗ "))
    #expect(after.lines.dropLast() == before.lines.dropLast())
  }

  @Test("a deep link's escape sequences reach neither the error line nor the echoed command nor stderr")
  func deepLinkTextIsSanitised() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("deeplink funapp://x\u{1B}[2Jy\nexpect \u{1B}]0;title\u{07}\n", in: directory)
    #expect(run.errors.count == 2)
    #expect(run.errors.first?.hasPrefix("error: line 1: Cannot open funapp://x") == true, "\(run.errors)")
    for line in run.output + run.errors {
      #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line.debugDescription)")
    }
  }

  @Test("The script's tab command refuses a tab the activity lacks, naming the activity as shown")
  func scriptTabNamesTheActivity() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("activity studio\ntab 3\n", in: directory)
    #expect(run.status == 1)
    #expect(run.errors == ["error: line 2: Studio has no tab 3: its tabs are 1 my-items, 2 sources"], "\(run.errors)")
  }

  @Test(
    "--open refuses a link whose tab is another activity's before anything starts: exit 2, naming the activity as shown",
    arguments: ["funapp://item/swiftui?tab=sources", "funapp://item/swiftui?tab=my-items"])
  func openRefusesAForeignTab(link: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(["--open", link, "--state-dir", directory.path("state")])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("fun: Cannot open \(link): Explore has no tab \"") == true, "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("state")))
  }

  @Test(
    "--open with a link Fun cannot parse is a bad argument in script mode too: exit 2, the reason on stderr, no frame, the state folder untouched",
    arguments: ["funapp://bogus", "fun://item/swiftui", "funapp://item/swiftui?tab=sources"])
  func scriptRefusesAnUnparsableOpenLink(link: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = try directory.write("wait 1s\nshow\n", to: "script.fun")
    let run = await FunRun.run(["--script", script, "--guest", "--open", link, "--state-dir", directory.path("state")])
    #expect(run.status == 2)
    #expect(run.output.isEmpty, "\(run.output)")
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("fun: Cannot open \(link): ") == true, "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: directory.path("state")))
  }

  @Test(
    "--open with a link that is refused prints its reason on stderr without the link's escape sequences",
    arguments: ["funapp://item/%1B%5D0%3BPWNED%07", "funapp://tab/\u{1B}[2J", "funapp://\u{9B}31mhost"])
  func refusedOpenLinkIsSanitised(link: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(["--open", link, "--state-dir", directory.path("state")])
    #expect(run.status == 2)
    #expect(run.errors.first?.hasPrefix("fun: ") == true)
    for line in run.output + run.errors {
      #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line.debugDescription)")
    }
  }

  @Test("A refused state folder's path is printed without the escape sequences it holds")
  func refusedStateFolderPathIsSanitised() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("not a folder", to: "state\u{1B}]0;x\u{07}")
    let run = await FunRun.run(["--state-dir", path, "--script", "/dev/null"])
    #expect(run.status == 2)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.contains("is not a folder") == true)
    #expect(!run.errors.joined().unicodeScalars.contains { $0.properties.generalCategory == .control })
  }

  @Test(
    "every deep link form routes",
    arguments: [
      ("funapp://tab/favorites", "[Favorites]"),
      ("funapp://settings", "[Settings]"),
      ("funapp://profile", "[Profile]"),
      ("https://fun.example/tab/search", "[Search]"),
      ("https://fun.example/settings", "[Settings]"),
      ("funapp://item/combine", "Home › Combine"),
      ("funapp://item/combine?tab=favorites", "Favorites › Combine"),
      ("https://fun.example/item/swiftui?tab=search", "Search › SwiftUI"),
      ("funapp://search?q=actor", "Search: actor"),
    ]
  )
  func deepLinks(url: String, expected: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\ndeeplink \(url)\nexpect \(expected)\nexpect-not ✗\n", in: directory)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  @Test("--open routes a link that arrives before the catalog has loaded once it has")
  func openAtStart() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("show\nwait 1s\n", in: directory, arguments: ["--open", "funapp://item/actors"])
    #expect(run.status == 0)
    #expect(run.frame(line: 1)?.lines.dropFirst().first?.hasPrefix(" Home ") == true)
    #expect(run.frame(line: 1)?.text.contains("Home ›") == false)
    #expect(run.frame(line: 2)?.text.contains("Home › Actors") == true)
  }

  @Test("a deeplink command before the catalog has loaded does not block the script; it routes after the load")
  func deepLinkCommandBeforeLoad() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("deeplink funapp://item/actors\nshow\nwait 1s\n", in: directory)
    #expect(run.status == 0)
    #expect(run.frames.map(\.lineNumber) == [1, 2, 3])
    #expect(run.frame(line: 2)?.text.contains("Loading") == true)
    #expect(run.frame(line: 3)?.text.contains("Home › Actors") == true)
  }

  @Test("a search deep link shows its query's results")
  func searchDeepLinkResults() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\ndeeplink funapp://search?q=actor\n", in: directory)
    let frame = try #require(run.lastFrame)
    #expect(frame.lines.contains { $0.contains("Actors  Isolated mutable state") })
    #expect(!frame.text.contains("Searching"))
  }
}
