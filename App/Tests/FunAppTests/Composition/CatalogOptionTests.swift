import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// `--catalog FILE`: whatever a catalog file holds, the frames stay clean and errors are clear.
@Suite("--catalog")
struct CatalogOptionTests {
  private static func item(_ id: String, title: String, featured: Bool = true) -> String {
    let escapedTitle = title.replacingOccurrences(of: "\u{1B}", with: "\\u001b")
      .replacingOccurrences(of: "\u{07}", with: "\\u0007")
    return """
      {"id":"\(id)","title":"\(escapedTitle)","subtitle":"Sub \\u001b[31mred","category":"Tests",\
      "description":"Line one\\nline two \\u001b]0;pwned\\u0007","featured":\(featured)}
      """
  }

  @Test("escape sequences and control characters in a catalog never reach the frames")
  func sanitisesCatalogText() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.write(
      """
      {"items":[\(Self.item("evil", title: "Evil\u{1B}[2J\u{1B}[HTitle")),\
      \(Self.item("bell", title: "Bell\u{07}Ringer"))]}
      """,
      to: "catalog.json"
    )
    let run = try await FunRun.script(
      "wait 1s\nopen evil\nback\ntab search\nwait 400ms\n",
      in: directory,
      arguments: ["--catalog", catalog]
    )
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let home = try #require(run.frame(line: 1))
    #expect(home.text.contains("EvilTitle"))
    #expect(home.text.contains("BellRinger"))
    #expect(home.text.contains("Sub red"))
    // The description's line break is a paragraph's end: kept, the escapes around it removed.
    #expect(run.frame(line: 2)?.text.contains(" Line one\n line two") == true)
    for line in run.output {
      #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line)")
      #expect(!line.contains("[2J") && !line.contains("]0;pwned"), "\(line)")
    }
  }

  @Test("a catalog item without a required field shows an error naming the item and field, and the app runs on")
  func missingField() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.write(
      #"{"items":[{"id":"a","subtitle":"s","category":"c","description":"d"}]}"#,
      to: "catalog.json"
    )
    let run = try await FunRun.script(
      "wait 1s\ntab search\nwait 400ms\ntab settings\ntoggle carousel\n",
      in: directory,
      arguments: ["--catalog", catalog]
    )
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let home = try #require(run.frame(line: 1))
    #expect(home.text.contains(#"The catalog is not valid: items[0] has no "title""#))
    #expect(home.text.contains("Press r to try again."))
    #expect(run.frame(line: 3)?.text.contains(#"items[0] has no "title""#) == true)
    #expect(run.lastFrame?.text.contains("Featured carousel         off") == true)
  }

  @Test("a catalog category named All is listed after all categories and filters to its own items")
  func categoryNamedAll() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let items = [
      #"{"id":"a","title":"Anything","subtitle":"s","category":"All","description":"d","featured":false}"#,
      #"{"id":"t","title":"Tooling","subtitle":"s","category":"Tools","description":"d","featured":false}"#,
    ]
    let catalog = try directory.write(#"{"items":["# + items.joined(separator: ",") + "]}", to: "catalog.json")
    // All categories first (1/3), then the catalog's own All (2/3), which holds one item.
    let run = try await FunRun.script(
      "wait 1s\ntab search\nwait 400ms\nexpect ‹ All ›  1/3\nexpect 2 results\nkey ]\nexpect ‹ All ›  2/3\n"
        + "expect 1 result\nexpect Anything\nexpect-not Tooling\nkey ]\nexpect ‹ Tools ›  3/3\nexpect Tooling\n",
      in: directory,
      arguments: ["--catalog", catalog]
    )
    #expect(run.errors.isEmpty, "\(run.errors)")
    #expect(run.status == 0)
  }

  @Test("refreshing Home after a failed load shows an error toast and keeps the error screen")
  func refreshFailure() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.write("not json", to: "catalog.json")
    let run = try await FunRun.script("wait 1s\nrefresh\nwait 1s\n", in: directory, arguments: ["--catalog", catalog])
    #expect(run.status == 0)
    let frame = try #require(run.lastFrame)
    #expect(frame.text.contains("The catalog is not valid"))
    // A message longer than the bottom line wraps onto the line above it.
    #expect(frame.lines.suffix(2).contains { $0.hasPrefix(" ✗ The catalog is not valid") })
  }

  @Test("a catalog file that does not exist shows an error naming its path")
  func missingFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("nowhere.json")
    let run = try await FunRun.script("wait 1s\n", in: directory, arguments: ["--catalog", path])
    #expect(run.status == 0)
    #expect(run.lastFrame?.text.contains("Could not read") == true)
    #expect(run.lastFrame?.text.contains("nowhere.json") == true)
  }

  @Test("a catalog that never ends (/dev/zero) fails at 64 MiB, with a message that names the limit")
  func endlessDevice() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\n", in: directory, arguments: ["--catalog", "/dev/zero"])
    #expect(run.status == 0)
    let text = try #require(run.lastFrame).lines.joined(separator: " ")
    #expect(text.contains("Could not read /dev/zero: it is larger than 64 MiB, the most Fun reads from"))
    let log = try String(contentsOfFile: directory.path("state/fun.log"), encoding: .utf8)
    #expect(log.contains("Could not read /dev/zero: it is larger than 64 MiB, the most Fun reads from a pipe"))
  }
}
