import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// Sessions in script mode, run in process: the sign-in screen of a fresh state, the session
/// commands, the profile remembered across runs, guests, and bad input.
@Suite("Sessions in script mode", .timeLimit(.minutes(2)))
struct SessionScriptTests {
  @Test("A fresh state starts on the sign-in screen; commands that need a session say so")
  func freshStateSignsIn() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "show\ntab search\nfav swiftui\nsign-in ada\ntab search\n", in: directory, session: [])

    #expect(run.status == 1)
    let first = try #require(run.frame(line: 1))
    #expect(first.text.contains("Sign in"))
    #expect(!first.text.contains("[Home]"))
    #expect(
      run.errors == [
        "error: line 2: sign in to switch tabs: `sign-in <name>` or `sign-in --guest`",
        "error: line 3: sign in to keep favorites: `sign-in <name>` or `sign-in --guest`",
      ])
    #expect(run.frame(line: 4)?.lines.dropFirst().first?.hasSuffix("● ada") == true)
    #expect(run.frame(line: 5)?.text.contains("[Search]") == true)
  }

  @Test("A bad name is refused with the rule; signing in twice or out twice fails with a reason")
  func badSessionCommands() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = "sign-in Ada Lovelace\nsign-in ada\nsign-in bob\nsign-out\nkey enter\nsign-out\n"
    let run = try await FunRun.script(script, in: directory, session: [])

    #expect(run.status == 1)
    #expect(
      run.errors == [
        "error: line 1: \"Ada Lovelace\" is not a valid profile name: use only ASCII letters, digits, - and _",
        "error: line 3: already signed in as ada: sign-out first",
        "error: line 6: nobody is signed in",
      ])
    #expect(run.frame(line: 1)?.text.contains("Sign in") == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("state/profiles")) == ["ada"])
  }

  @Test("The profile signed in last is remembered: the next run starts on its tabs; after sign-out it does not")
  func remembered() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try await FunRun.script("sign-in ada\nwait 1s\nfav swiftui\n", in: directory, session: [])

    let second = try await FunRun.script("wait 1s\nsign-out\nkey enter\n", in: directory, session: [])
    #expect(second.status == 0)
    let first = try #require(second.frame(line: 1))
    #expect(first.lines.dropFirst().first?.hasSuffix("● ada") == true)
    #expect(first.text.contains("★ SwiftUI"))

    let third = try await FunRun.script("show\n", in: directory, session: [])
    #expect(third.lastFrame?.text.contains("> ada") == true)
    #expect(third.lastFrame?.text.contains("[Home]") == false)
  }

  @Test("A guest's setting changes last for its session: settings.json is untouched, the next profile's are as saved")
  func guestSettingsAreNotSaved() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let saving = try await FunRun.script("toggle appearance\n", in: directory)
    #expect(saving.status == 0)
    let settingsFile = directory.path("state/settings.json")
    let saved = try Data(contentsOf: URL(fileURLWithPath: settingsFile))

    let script = """
      toggle carousel
      toggle appearance
      toggle network-failure
      tab settings
      expect Featured carousel         off
      expect Appearance                dark
      sign-out
      key enter
      sign-in \(FunRun.profile)
      tab settings
      expect Featured carousel         on
      expect Appearance                light
      expect Simulate network failure  off
      """
    let guest = try await FunRun.script(script, in: directory, session: ["--guest"])
    #expect(guest.status == 0, "\(guest.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: settingsFile)) == saved)
  }

  @Test("--profile names the session over the remembered one, created if missing; --guest starts a guest")
  func commandLineSessions() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try await FunRun.script("sign-in ada\n", in: directory, session: [])

    let grace = try await FunRun.script("show\n", in: directory, session: ["--profile", "grace"])
    let guest = try await FunRun.script("show\n", in: directory, session: ["--guest"])

    #expect(grace.lastFrame?.lines.dropFirst().first?.hasSuffix("● grace") == true)
    #expect(guest.lastFrame?.lines.dropFirst().first?.hasSuffix("● Guest") == true)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("state/profiles")).sorted() == [
        "ada", "grace",
      ])
  }

  @Test("A guest saves nothing: no profile, no favorites file, nothing remembered")
  func guestSavesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\nfav swiftui\nexpect ★ SwiftUI\nsign-out\nkey enter\n", in: directory, session: ["--guest"])
    #expect(run.status == 0, "\(run.errors)")

    let files = FileManager.default.enumerator(atPath: directory.path("state"))?.allObjects as? [String] ?? []
    #expect(
      !files.contains {
        $0 == "profiles" || $0.hasPrefix("profiles/") || $0.hasSuffix("favorites.json") || $0.hasSuffix("profile.json")
      })
    let next = try await FunRun.script("show\n", in: directory, session: [])
    #expect(next.lastFrame?.text.contains("Sign in") == true)
  }

  @Test("A profile folder that cannot be written still signs in; changes stay in memory with a toast; nothing is lost")
  func unwritableProfile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A file where the profile's folder belongs: nothing can be created in it, even by root.
    try directory.write("not a folder", to: "state/profiles/tester")

    let run = try await FunRun.script("wait 1s\nfav swiftui\ntab favorites\n", in: directory)

    #expect(run.status == 0, "\(run.errors)")
    let favorited = try #require(run.frame(line: 2))
    #expect(favorited.text.contains("★ SwiftUI"))
    // The toast is long, so it wraps onto the line above the bottom one.
    let toastLines = favorited.lines.suffix(2).joined(separator: "\n")
    #expect(toastLines.hasPrefix(" ✗ Cannot save to"), "\(toastLines)")
    #expect(toastLines.hasSuffix("changes are kept until you quit"))
    #expect(run.frame(line: 3)?.text.contains("1 favorite") == true)
    #expect(try String(contentsOfFile: directory.path("state/profiles/tester"), encoding: .utf8) == "not a folder")
  }

  @Test(
    "sign-out asks in a sheet: while it is up only key, type, paste, show, expect, wait and quit run; Esc keeps the session"
  )
  func signOutSheet() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let script = "sign-out\ntab search\nfav swiftui\nexpect Sign out?\nwait 1s\nshow\nkey esc\ntab search\n"
    let run = try await FunRun.script(script, in: directory)

    #expect(run.status == 1)
    // The question has no text field, so the refusal offers no `type` or `paste`.
    let refusal = "the sheet \"Sign out?\" is open: answer it with `key enter` or `key esc` first"
    #expect(run.errors == ["error: line 2: \(refusal)", "error: line 3: \(refusal)"])
    #expect(run.frame(line: 1)?.bottomLine == "⏎ sign out  Esc cancel")
    #expect(run.frame(line: 7)?.text.contains("Sign out?") == false)
    #expect(run.frame(line: 8)?.text.contains("[Search]") == true)
    #expect(run.frame(line: 8)?.lines.dropFirst().first?.hasSuffix("● tester") == true)
  }

  @Test("A command refused while a sheet with a text field is up offers `type` and `paste` too")
  func refusalInAFormOffersTyping() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("tab profile\nkey e\ntab search\n", in: directory)
    #expect(run.status == 1)
    #expect(
      run.errors == [
        "error: line 3: the sheet \"Edit profile\" is open: answer it with `key enter` or `key esc` (or `type` or `paste` into it) first"
      ], "\(run.errors)")
  }

  @Test("The profile editor takes `type`; its bad input shows in the sheet; Enter saves to profile.json")
  func editProfileInScript() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let backspaces = Array(repeating: "key backspace", count: "tester".count)
    let script =
      (["tab profile", "key e"] + backspaces + ["key enter", "type Ada", "key tab", "type Hello", "key enter"])
      .joined(separator: "\n")
    let run = try await FunRun.script(script + "\n", in: directory)

    #expect(run.status == 0, "\(run.errors)")
    let refused = try #require(run.frame(line: 9))
    #expect(refused.text.contains("The display name cannot be empty"))
    #expect(refused.text.contains("┌ Edit profile"))
    let saved = try #require(run.frame(line: 13))
    #expect(!saved.text.contains("┌ Edit profile"))
    #expect(saved.text.contains("Ada  @tester"))
    #expect(saved.text.contains("Hello"))
    let file = try String(contentsOfFile: directory.path("state/profiles/tester/profile.json"), encoding: .utf8)
    #expect(file.contains("\"bio\" : \"Hello\""))
    #expect(file.contains("\"displayName\" : \"Ada\""))
  }

  @Test("`type` into a sheet with no field fails with a reason")
  func typeIntoQuestion() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("sign-out\ntype y\n", in: directory)
    #expect(run.errors == ["error: line 2: the sheet \"Sign out?\" has no text field"])
  }

  @Test("`paste` where no text field is fails with a reason, as `type` does: on a screen and in a sheet with no field")
  func pasteWithNoField() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let onHome = try await FunRun.script("wait 1s\npaste x\n", in: directory)
    #expect(onHome.status == 1)
    #expect(onHome.errors == ["error: line 2: no text field on Home"], "\(onHome.errors)")
    let inSheet = try await FunRun.script("sign-out\npaste y\n", in: directory)
    #expect(inSheet.status == 1)
    #expect(inSheet.errors == ["error: line 2: the sheet \"Sign out?\" has no text field"], "\(inSheet.errors)")
  }

  @Test("`refresh` where the screen has no r fails with a reason, on Profile, Settings and My items")
  func refreshWithoutR() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for (tab, title) in [("tab profile", "Profile"), ("tab settings", "Settings"), ("activity studio", "My items")] {
      let run = try await FunRun.script("wait 1s\n\(tab)\nrefresh\n", in: directory)
      #expect(run.status == 1)
      #expect(run.errors == ["error: line 3: nothing to refresh on \(title)"], "\(run.errors)")
    }
  }

  @Test("`:refresh` on the `:` line where the screen has no r says why in a toast")
  func commandLineRefreshWithoutR() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\ntab profile\nkey :\ntype refresh\nkey enter\n", in: directory)
    #expect(run.status == 0, "\(run.errors)")
    let frame = try #require(run.frame(line: 5))
    #expect(frame.bottomLine.contains("✗ Nothing to refresh on Profile"), "\(frame.text)")
  }

  @Test("`refresh` does what r does, even with Search's field focused, where r would type")
  func refreshIsR() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      "wait 1s\ntab search\nkey /\ntype sw\nrefresh\nwait 1s\nexpect Search: sw▏\nexpect-not swr\n", in: directory)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.frame(line: 5)?.text.contains("Searching") == true, "\(run.frame(line: 5)?.text ?? "")")
  }

  @Test("`:paste` on the `:` line where no text field is says why in a toast, as `:type` does")
  func commandLinePasteWithNoField() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\nopen 1\nkey :\ntype paste x\nkey enter\n", in: directory)
    #expect(run.status == 0, "\(run.errors)")
    let frame = try #require(run.frame(line: 5))
    #expect(frame.text.contains("Home › SwiftUI"), "\(frame.text)")
    #expect(frame.bottomLine.contains("✗ No text field on SwiftUI"), "\(frame.text)")
  }
}
