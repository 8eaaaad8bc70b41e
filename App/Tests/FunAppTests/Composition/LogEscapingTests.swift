import Foundation
import FunModelTestSupport
import Testing

/// What reaches fun.log from outside (a link, a catalog) is written as text, whatever control
/// characters it carries: `tail -f fun.log` must never run them in a terminal.
@Suite("fun.log escaping")
struct LogEscapingTests {
  /// The bytes of fun.log that are control characters: C0 other than the line feeds that end
  /// records, DEL, and C1 (U+0080–U+009F, C2 80–C2 9F in UTF-8).
  private func controlBytes(inLogOf directory: TemporaryDirectory) throws -> [UInt8] {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: directory.path("state/fun.log"))))
    var controls = bytes.filter { ($0 < 0x20 && $0 != 0x0A) || $0 == 0x7F }
    for (first, second) in zip(bytes, bytes.dropFirst()) where first == 0xC2 && (0x80...0x9F).contains(second) {
      controls.append(second)
    }
    return controls
  }

  @Test("A deep link that sets the title and clears the screen is logged as text, without an ESC byte")
  func deepLink() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = "funapp://search?q=\u{1B}]0;PWNED\u{7}\u{1B}[2J\u{9B}2J"
    let run = try await FunRun.script("deeplink \(link)\nwait 1s\n", in: directory)
    #expect(run.status == 0)

    let log = try String(contentsOfFile: directory.path("state/fun.log"), encoding: .utf8)
    #expect(log.contains("opened funapp://search?q=\\u{1B}]0;PWNED\\u{07}\\u{1B}[2J\\u{9B}2J"))
    #expect(try controlBytes(inLogOf: directory).isEmpty)
  }

  @Test("A catalog item id with escape sequences is logged as text when the catalog is refused")
  func catalogItemID() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let catalog = try directory.write(
      #"{"items":[{"id":"a\u001b]0;PWNED\u0007\u001b[2Jb","title":"T","subtitle":"s","category":"c","description":"d"}]}"#,
      to: "catalog.json"
    )
    let run = try await FunRun.script("wait 1s\n", in: directory, arguments: ["--catalog", catalog])
    #expect(run.status == 0)

    let log = try String(contentsOfFile: directory.path("state/fun.log"), encoding: .utf8)
    #expect(log.contains(#"id "a\u{1B}]0;PWNED\u{07}\u{1B}[2Jb""#))
    #expect(try controlBytes(inLogOf: directory).isEmpty)
  }
}
