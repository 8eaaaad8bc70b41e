import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// The plain-text frame contract: what scripts and people can rely on.
@Suite("Frame contract")
struct FrameContractTests {
  /// Runs `script` on a fresh state directory with the bundled catalog; it must succeed.
  private func run(_ script: String) async throws -> FunRun {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(script, in: directory)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    return run
  }

  @Test("README's frame is what a scripted run prints: Home as ada at 80x16, after f on two rows")
  func readmeFrame() async throws {
    // App/Tests/FunAppTests/Script/ → the repository root.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..")
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## What it looks like").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```").dropFirst().first)
    let documented = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast()
      .map { $0.trimmingTrailingSpaces }

    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\nkey down\nfav\nkey down\nkey down\nfav\nshow\n", in: directory,
      arguments: ["--size", "80x16", "--frames", "none"], session: ["--profile", "ada"])
    #expect(run.status == 0)
    let frame = try #require(run.lastFrame)
    #expect(frame.lines.map(\.trimmingTrailingSpaces) == Array(documented))
  }

  @Test("the tab bar names all five tabs and brackets the selected one")
  func tabBar() async throws {
    let run = try await run("show\ntab search\ntab 3\ntab profile\ntab 5\n")
    let tabBars = run.frames.map { $0.lines.first ?? "" }
    for tabBar in tabBars {
      for title in ["Home", "Search", "Favorites", "Profile", "Settings"] {
        #expect(tabBar.contains(title))
      }
      #expect(tabBar.filter { $0 == "[" }.count == 1)
    }
    #expect(tabBars[0].contains("[Home]"))
    #expect(tabBars[1].contains("[Search]"))
    #expect(tabBars[2].contains("[Favorites]"))
    #expect(tabBars[3].contains("[Profile]"))
    #expect(tabBars[4].contains("[Settings]"))
  }

  @Test("Home shows Loading until the catalog is there, then Featured above the carousel")
  func loadingThenFeatured() async throws {
    let run = try await run("show\nwait 1s\n")
    let loading = try #require(run.frame(line: 1))
    #expect(loading.text.contains("Loading"))
    #expect(!loading.text.contains("Featured"))
    let loaded = try #require(run.frame(line: 2))
    #expect(!loaded.text.contains("Loading"))
    let featured = try #require(loaded.lines.firstIndex { $0.contains("Featured") })
    #expect(loaded.lines[featured + 1].contains("SwiftUI"))
  }

  @Test("the selected row starts with > and moves with the selection")
  func selection() async throws {
    let run = try await run("wait 1s\nkey down\nselect swiftui\n")
    #expect(run.frame(line: 1)?.selectedRow?.contains("SwiftUI") == true)
    #expect(run.frame(line: 2)?.selectedRow?.contains("Observation") == true)
    #expect(run.frame(line: 3)?.selectedRow?.contains("SwiftUI") == true)
    for frame in run.frames {
      #expect(frame.lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix(">") }.count == 1)
    }
  }

  @Test("a favorited item shows ★ beside its title, in every list")
  func favoriteStar() async throws {
    let run = try await run("wait 1s\nshow\nfav swiftui\ntab search\nwait 400ms\n")
    let before = try #require(run.frame(line: 2))
    #expect(!before.text.contains("★"))
    let home = try #require(run.frame(line: 3))
    #expect(home.lines.contains { $0.contains("★ SwiftUI ") && $0.contains(" Declarative") })
    let search = try #require(run.frame(line: 5))
    #expect(search.lines.contains { $0.contains("★ SwiftUI ") && $0.contains(" Declarative") })
    #expect(search.lines.filter { $0.contains("★") }.count == 1)
  }

  @Test("Search shows the query, Searching while a search is in flight, and the result count")
  func search() async throws {
    let run = try await run("tab search\nwait 1s\ntype swift\nwait 400ms\n")
    #expect(run.frame(line: 1)?.text.contains("Searching") == true)
    let typed = try #require(run.frame(line: 3))
    #expect(typed.text.contains("Search: swift"))
    let results = try #require(run.frame(line: 4))
    #expect(results.text.contains("Search: swift"))
    #expect(!results.text.contains("Searching"))
    #expect(results.text.contains("results"))
    #expect(results.selectedRow?.contains("SwiftUI") == true)
  }

  @Test("Search shows No results and no rows when nothing matches")
  func noResults() async throws {
    let run = try await run("tab search\nwait 1s\ntype zzqx\nwait 400ms\n")
    let frame = try #require(run.lastFrame)
    #expect(frame.text.contains("No results"))
    #expect(frame.selectedRow == nil)
  }

  @Test("Search shows the active category, which ] and [ change")
  func category() async throws {
    let run = try await run("tab search\nwait 1s\nkey ]\nkey [\n")
    #expect(run.frame(line: 2)?.text.contains("‹ All ›") == true)
    #expect(run.frame(line: 3)?.text.contains("‹ Architecture ›") == true)
    #expect(run.frame(line: 3)?.text.contains("5 results") == true)
    #expect(run.frame(line: 4)?.text.contains("‹ All ›") == true)
  }

  @Test("Settings shows every toggle with its value")
  func settings() async throws {
    let run = try await run("tab settings\ntoggle carousel\ntoggle appearance\ntoggle network-failure\n")
    let defaults = try #require(run.frame(line: 1))
    #expect(defaults.text.contains("Featured carousel         on"))
    #expect(defaults.text.contains("Appearance                system"))
    #expect(defaults.text.contains("Simulate network failure  off"))
    let changed = try #require(run.frame(line: 4))
    #expect(changed.text.contains("Featured carousel         off"))
    #expect(changed.text.contains("Appearance                light"))
    #expect(changed.text.contains("Simulate network failure  on"))
  }

  @Test("a toast occupies the bottom line while it shows, 2.5 s of clock time")
  func toast() async throws {
    let run = try await run("wait 1s\nopen swiftui\nkey s\nwait 2499ms\nwait 1ms\n")
    let detail = try #require(run.frame(line: 2))
    #expect(!detail.bottomLine.contains("Shared"))
    #expect(run.frame(line: 3)?.bottomLine == "ℹ Shared SwiftUI")
    #expect(run.frame(line: 4)?.bottomLine == "ℹ Shared SwiftUI")
    #expect(run.frame(line: 5)?.bottomLine == detail.bottomLine)
  }
}

extension StringProtocol {
  /// The text without the spaces a frame pads its rows with (a Markdown block keeps none).
  fileprivate var trimmingTrailingSpaces: String {
    String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
  }
}
