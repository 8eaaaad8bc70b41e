import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// What the composition root wires to the state directory: persisted favorites and settings,
/// and quarantined corrupt files.
@Suite("State directory")
struct StateDirectoryTests {
  @Test("favorites added in one run show in the next run on the same state directory")
  func favoritesPersistAcrossRuns() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try await FunRun.script("wait 1s\nfav swiftui\nfav combine\n", in: directory)
    #expect(first.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.path("state/profiles/tester/favorites.json")))

    let second = try await FunRun.script("wait 1s\ntab favorites\n", in: directory)
    #expect(second.status == 0)
    let home = try #require(second.frame(line: 1))
    #expect(home.lines.contains { $0.contains("★ SwiftUI") })
    #expect(home.lines.contains { $0.contains("★ Combine") })
    let favorites = try #require(second.frame(line: 2))
    #expect(favorites.text.contains("2 favorites"))
    #expect(favorites.lines.contains { $0.contains("★ SwiftUI") })
    #expect(favorites.lines.contains { $0.contains("★ Combine") })
  }

  @Test("settings changed in one run are the values of the next run")
  func settingsPersistAcrossRuns() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let first = try await FunRun.script("toggle carousel\ntoggle appearance\n", in: directory)
    #expect(first.status == 0)

    let second = try await FunRun.script("wait 1s\nexpect-not Featured\ntab settings\n", in: directory)
    #expect(second.status == 0)
    #expect(second.errors.isEmpty)
    #expect(second.lastFrame?.text.contains("Featured carousel         off") == true)
    #expect(second.lastFrame?.text.contains("Appearance                light") == true)
  }

  @Test("a corrupt settings.json is moved aside with an error toast; the app runs on defaults and saves anew")
  func corruptSettings() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let state = directory.url.appendingPathComponent("state")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    try directory.write("{oops", to: "state/settings.json")

    let run = try await FunRun.script("show\ntab settings\ntoggle carousel\n", in: directory)
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let first = try #require(run.frame(line: 1))
    #expect(first.bottomLine.hasPrefix("✗ settings.json was corrupt; moved to settings.json.corrupt-"))
    #expect(run.frame(line: 2)?.text.contains("Featured carousel         on") == true)
    #expect(run.frame(line: 3)?.text.contains("Featured carousel         off") == true)

    let names = (try FileManager.default.contentsOfDirectory(atPath: state.path)).sorted()
    let quarantined = try #require(names.first { $0.hasPrefix("settings.json.corrupt-") })
    #expect(try String(contentsOf: state.appendingPathComponent(quarantined), encoding: .utf8) == "{oops")
    let saved = try String(contentsOf: state.appendingPathComponent("settings.json"), encoding: .utf8)
    #expect(saved.contains("\"showsFeaturedCarousel\" : false"))
  }

  @Test("a profile's corrupt favorites.json is moved aside with an error toast and starts empty")
  func corruptFavorites() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("[1, 2", to: "state/profiles/tester/favorites.json")

    let run = try await FunRun.script("wait 1s\ntab favorites\nfav swiftui\n", in: directory)
    #expect(run.status == 0)
    let frame = try #require(run.frame(line: 2))
    #expect(frame.text.contains("No favorites yet"))
    #expect(frame.bottomLine.hasPrefix("✗ favorites.json was corrupt; moved to favorites.json.corrupt-"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("state/profiles/tester"))
    #expect(names.contains { $0.hasPrefix("favorites.json.corrupt-") })
    let saved = try String(contentsOfFile: directory.path("state/profiles/tester/favorites.json"), encoding: .utf8)
    #expect(saved.contains("\"swiftui\""))
  }

  @Test(
    "several corrupt files at start are each set aside; their error toasts are seen in turn for 2.5 s, at most three, the rest in fun.log"
  )
  func severalCorruptFiles() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let names = ["settings.json", "favorites.json", "my-items.json", "profile.json"]
    try directory.write("{bad", to: "state/settings.json")
    for name in names.dropFirst() {
      try directory.write("{bad", to: "state/profiles/tester/\(name)")
    }

    // Wide enough that each toast takes one line.
    let run = try await FunRun.script(
      "show\nwait 2500ms\nwait 2500ms\nwait 2500ms\n", in: directory,
      arguments: ["--size", "120x24", "--log-level", "debug"])
    #expect(run.status == 0)
    let shown = (1...3).map { run.frame(line: $0)?.bottomLine ?? "" }
    // The one showing and two waiting: the fourth took the place of the oldest waiting.
    let seen = names.filter { name in
      shown.contains { $0.hasPrefix("✗ \(name) was corrupt; moved to \(name).corrupt-") }
    }
    #expect(seen.count == 3, "\(shown)")
    for name in seen {
      #expect(shown.filter { $0.hasPrefix("✗ \(name) was corrupt") }.count == 1, "\(name) once in \(shown)")
    }
    #expect(run.frame(line: 4)?.bottomLine.contains("✗") == false)
    let log = try String(contentsOfFile: directory.path("state/fun.log"), encoding: .utf8)
    for name in names where !seen.contains(name) {
      #expect(log.contains("Toast replaced before its turn: \(name) was corrupt"), "\(name) in the log")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("state")).contains {
        $0.hasPrefix("settings.json.corrupt-")
      })
    let profileFiles = try FileManager.default.contentsOfDirectory(atPath: directory.path("state/profiles/tester"))
    for name in names.dropFirst() {
      #expect(profileFiles.contains { $0.hasPrefix("\(name).corrupt-") }, "\(name) set aside")
    }
  }

  @Test("a corrupt profile.json is moved aside with an error toast; the profile shows its defaults")
  func corruptProfileDetails() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("{\"displayName\":", to: "state/profiles/tester/profile.json")

    let run = try await FunRun.script("tab profile\n", in: directory)
    #expect(run.status == 0)
    let frame = try #require(run.lastFrame)
    // The name the file is set aside under is on disk: it carries the real date, not the
    // script's virtual one.
    #expect(frame.bottomLine.hasPrefix("✗ profile.json was corrupt; moved to profile.json.corrupt-"))
    #expect(!frame.bottomLine.contains("corrupt-20250101T000000Z"))
    #expect(frame.text.contains("tester  @tester"))
    #expect(!frame.text.contains("Created 2025-01-01"))
  }

  @Test("script mode writes the real date into a new profile, not its virtual clock's")
  func scriptWritesRealCreatedDate() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let before = Date(timeIntervalSinceNow: -1)

    let run = try await FunRun.script("quit\n", in: directory, session: ["--profile", "zed"])
    #expect(run.status == 0)
    let saved = try String(contentsOfFile: directory.path("state/profiles/zed/profile.json"), encoding: .utf8)
    let stamp = try #require(saved.firstMatch(of: /"createdAt" : "([^"]+)"/)?.1)
    let created = try #require(try? Date.ISO8601FormatStyle().parse(String(stamp)))
    #expect(created >= before && created <= Date(timeIntervalSinceNow: 1), "createdAt \(stamp)")
  }

  @Test("a corrupt favorites.json of the earlier layout is moved aside; the profile signs in empty")
  func corruptLegacyFavorites() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("[1, 2", to: "state/favorites.json")

    let run = try await FunRun.script("wait 1s\ntab favorites\n", in: directory)
    #expect(run.status == 0)
    let frame = try #require(run.lastFrame)
    #expect(frame.text.contains("No favorites yet"))
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path("state"))
    #expect(names.contains { $0.hasPrefix("favorites.json.corrupt-") })
    #expect(run.frame(line: 1)?.bottomLine.hasPrefix("✗ favorites.json was corrupt") == true)
  }

  @Test("the log goes to fun.log in the state directory, never to the output")
  func logFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script("wait 1s\n", in: directory, arguments: ["--log-level", "debug"])
    #expect(run.status == 0)
    let log = try String(contentsOfFile: directory.path("state/fun.log"), encoding: .utf8)
    #expect(log.contains("started; state directory"))
    #expect(!run.output.contains { $0.contains("started; state directory") })
  }
}
