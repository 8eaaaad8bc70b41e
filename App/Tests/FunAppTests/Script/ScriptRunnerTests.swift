import Foundation
import FunModel
import FunModelTestSupport
import Testing

@testable import FunApp

/// Script mode end to end: headers and frames, errors, `expect`, end of input.
@Suite("ScriptRunner")
struct ScriptRunnerTests {
  @Test("prints a `--- N: command` header and the frame after every command, skipping comments")
  func printsHeadersAndFrames() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      """
      # Look around.
      tab search

        tab 1
      show
      """,
      in: directory
    )
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(run.frames.map(\.lineNumber) == [2, 4, 5])
    #expect(run.frames.map(\.command) == ["tab search", "tab 1", "show"])
    #expect(run.frame(line: 2)?.lines.first?.contains("[Search]") == true)
    #expect(run.frame(line: 4)?.lines.first?.contains("[Home]") == true)
    #expect(run.frames.allSatisfy { $0.lines.count == 24 })
  }

  @Test(
    "click acts on the cell of the frame it names (1-based), up to its last column and row; a cell outside the frame is an error"
  )
  func click() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\nclick 49 1\nclick 80 24\nwheel down 1 24\nclick 81 1\nwheel down 1 25\nclick 0 1\n", in: directory,
      arguments: ["--frames", "changed"])
    #expect(run.status == 1)
    #expect(run.frame(line: 2)?.lines.first?.contains("[Settings]") == true)
    #expect(
      run.errors == [
        "error: line 5: cell 81 1 is outside the 80x24 frame", "error: line 6: cell 1 25 is outside the 80x24 frame",
        "error: line 7: cells are counted from 1, got 0 1",
      ])
  }

  @Test("Under --no-mouse, click and wheel are errors that change nothing: no terminal would report them")
  func noMouse() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\nclick 49 1\nwheel down 1 10\nexpect [Home]\n", in: directory, arguments: ["--no-mouse"])
    #expect(run.status == 1)
    let message = "the mouse is off (--no-mouse): no clicks or wheel turns arrive"
    #expect(run.errors == ["error: line 2: \(message)", "error: line 3: \(message)"])
  }

  @Test(
    "--frames changed prints every header, a frame when it differs from the last one printed, and always for `show` and a failed expectation"
  )
  func framesChanged() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "tab search\ntab search\nwait 10ms\ntab home\nshow\nexpect [Search]\nexpect [Home]\nshow\n", in: directory,
      arguments: ["--frames", "changed"])
    #expect(run.status == 1)
    #expect(run.errors.count == 1)
    #expect(run.output.filter { $0.hasPrefix("--- ") }.count == 8)
    // Lines 5 to 8 all see line 4's frame: `show` and the failed `expect` print it again,
    // the passing `expect` does not.
    #expect(run.frames.filter { !$0.lines.isEmpty }.map(\.lineNumber) == [1, 4, 5, 6, 8])
    for line in [4, 5, 6, 8] {
      #expect(run.frame(line: line)?.text.contains("[Home]") == true, "line \(line)")
    }
  }

  @Test("--frames none prints only `show` and a failed expectation, each with its header")
  func framesNone() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "tab search\nexpect [Search]\nshow\ntab favorites\nexpect [Home]\nexpect-not Favorites\ntab 1\n",
      in: directory,
      arguments: ["--frames", "none"]
    )
    #expect(run.status == 1)
    #expect(run.frames.map(\.lineNumber) == [3, 5, 6])
    #expect(run.frame(line: 3)?.text.contains("[Search]") == true)
    #expect(run.frame(line: 5)?.text.contains("[Favorites]") == true)
    #expect(run.errors.count == 2)
  }

  @Test("key shift-tab and key end reach the app as the keys a terminal sends")
  func namedKeys() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("key shift-tab\ntab home\nwait 1s\nkey end\n", in: directory)
    #expect(run.status == 0, "\(run.errors)")
    // Shift-Tab from the first tab wraps to the last, whichever the declaration says it is.
    let last = try #require(Activity.explore.tabs.last)
    #expect(run.frame(line: 1)?.lines.first?.contains("[\(Localizer.base(last.label))]") == true)
  }

  @Test("A byte-order mark before the first command is no part of it; one later in a line is")
  func byteOrderMark() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("\u{FEFF}tab search\n\u{FEFF}tab home\n", in: directory)
    #expect(run.status == 1)
    #expect(run.frame(line: 1)?.text.contains("[Search]") == true)
    #expect(run.errors.count == 1)
    #expect(run.errors.first?.hasPrefix("error: line 2: ") == true)
  }

  @Test("--size sets the headless terminal's size")
  func size() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("show\n", in: directory, arguments: ["--size", "100x30"])
    let frame = try #require(run.lastFrame)
    #expect(frame.lines.count == 30)
    #expect(frame.lines.allSatisfy { $0.count <= 100 })
  }

  @Test("an unknown command prints `error: line N: …` on stderr, the run goes on, and it exits 1")
  func unknownCommand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("tab search\njump 3\ntab settings\n", in: directory)
    #expect(run.status == 1)
    #expect(run.errors == ["error: line 2: unknown command 'jump'"])
    #expect(run.frames.map(\.lineNumber) == [1, 3])
    #expect(run.frame(line: 3)?.text.contains("[Settings]") == true)
  }

  @Test("a command that cannot run prints its reason with the line number, still prints the frame, and exits 1")
  func failingCommand() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("tab profile\nopen\nback\ntab 1\n", in: directory)
    #expect(run.status == 1)
    #expect(
      run.errors == ["error: line 2: nothing to open on Profile", "error: line 3: nothing to go back from on Profile"])
    #expect(run.frames.map(\.lineNumber) == [1, 2, 3, 4])
  }

  @Test("fav <id> before the catalog has loaded says to wait; after the load it favorites, and an unknown id fails")
  func favoriteByIDNeedsTheCatalog() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("fav swiftui\nwait 1s\nfav swiftui\nfav nope\n", in: directory)
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "error: line 1: the catalog has not loaded yet, so \"swiftui\" cannot be checked: `wait` for it first",
        "error: line 4: No item with id \"nope\"",
      ])
    #expect(run.frames.last?.text.contains("★ SwiftUI") == true)
  }

  @Test(
    "fav <id> removes a saved favorite the catalog lacks, as Favorites lists it; removed, the id is no item and fails")
  func favoriteByIDRemovesAMissingFavorite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(
      #"{"ids":["swiftui","gone-item"]}"#, to: "state/profiles/\(FunRun.profile)/favorites.json")
    let run = try await FunRun.script(
      "wait 1s\ntab favorites\nfav gone-item\nfav gone-item\n", in: directory)
    #expect(run.errors == [#"error: line 4: No item with id "gone-item""#])
    #expect(run.frame(line: 2)?.text.contains("★ gone-item") == true)
    #expect(run.frame(line: 3)?.text.contains("★ gone-item") == false)
    #expect(run.frame(line: 3)?.text.contains("Removed gone-item from favorites · u undoes") == true)
    #expect(run.frame(line: 3)?.text.contains("1 favorite ") == true)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("gone-item") == false)
  }

  @Test("A deeplink Fun cannot parse fails its line with the link's reason, as other commands do; the run goes on")
  func badDeepLinkFails() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let reason = try #require(
      { () -> AppError? in
        do throws(AppError) {
          _ = try DeepLink(parsing: "funapp://bogus")
          return nil
        } catch { return error }
      }())
    let run = try await FunRun.script(
      "deeplink funapp://bogus\nwait 1s\ndeeplink funapp://tab/search\n", in: directory)
    #expect(run.status == 1)
    #expect(run.errors == ["error: line 1: \(reason.message)"])
    #expect(run.frame(line: 3)?.text.contains("[Search]") == true)
  }

  @Test("Your item deleted while its Detail page stays open: `fav` there fails, as for an unknown id; nothing saved")
  func favoriteOnDeletedItemFails() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = [
      "wait 1s", "activity studio", "key n", "type mine", "key tab", "type Mine title", "key tab", "type sub",
      "key tab", "key down", "key enter", "activity explore", "deeplink funapp://item/mine", "activity studio",
      "key d", "key enter", "activity explore", "fav", "key f", "wait 1s",
    ]
    let run = try await FunRun.script(script.joined(separator: "\n") + "\n", in: directory)
    #expect(run.errors == [#"error: line 18: No item with id "mine""#])
    #expect(run.frame(line: 19)?.text.contains("No longer in this catalog") == true)
    let file = directory.url.appendingPathComponent("state/profiles/\(FunRun.profile)/favorites.json").path
    #expect((try? String(contentsOfFile: file, encoding: .utf8))?.contains("mine") != true)
  }

  @Test("expect passes when the frame contains the text and fails with a message when it does not")
  func expect() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let passing = try await FunRun.script("expect [Home]\nexpect-not [Search]\n", in: directory)
    #expect(passing.status == 0)
    #expect(passing.errors.isEmpty)

    let failing = try await FunRun.script("expect [Search]\nexpect-not [Home]\nexpect [Home]\n", in: directory)
    #expect(failing.status == 1)
    #expect(
      failing.errors == [
        "error: line 1: expected the frame to contain \"[Search]\"",
        "error: line 2: expected the frame not to contain \"[Home]\"",
      ]
    )
  }

  @Test("expect reads the frame after the work due has settled, not a stale one")
  func expectSeesSettledFrame() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "tab settings\ntoggle carousel\nexpect Featured carousel         off\n", in: directory)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  @Test("end of input quits cleanly with 0")
  func endOfInput() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let empty = try await FunRun.script("", in: directory)
    #expect(empty.status == 0)
    #expect(empty.frames.isEmpty)
    #expect(empty.errors.isEmpty)

    let noTrailingNewline = try await FunRun.script("tab 2\ntab 3", in: directory)
    #expect(noTrailingNewline.status == 0)
    #expect(noTrailingNewline.frames.map(\.lineNumber) == [1, 2])
  }

  @Test("quit stops the run: later lines are not read")
  func quitStops() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("tab 2\nquit\njump\ntab 3\n", in: directory)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    #expect(run.frames.map(\.lineNumber) == [1, 2])
  }

  @Test("Windows line endings in a script are accepted, and stray carriage returns at a line's ends")
  func carriageReturns() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "tab settings\r\nexpect [Settings]\r\r\n\rtab 2\r\nexpect [Search]\n", in: directory)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  @Test("frames are plain text: no escape or control characters reach the output")
  func plainFrames() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("tab 1\nwait 1s\ntab 2\ntab 5\n", in: directory)
    #expect(run.status == 0)
    for line in run.output {
      #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(line)")
    }
  }
}
