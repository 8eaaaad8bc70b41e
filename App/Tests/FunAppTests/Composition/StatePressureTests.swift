import Foundation
import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunServices

/// The state directory under pressure from real `fun` processes: two signed in to one profile
/// writing at once, and one killed with SIGKILL in the middle of its writes, again and again.
@Suite("State under pressure", .timeLimit(.minutes(3)))
struct StatePressureTests {
  /// The ids of favorites.json, or `nil` (with an issue) when it is not the file's valid shape.
  private func storedFavorites(in state: String) -> Set<String>? {
    let path = state + "/favorites.json"
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    guard let data = FileManager.default.contents(atPath: path),
      let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let ids = document["ids"] as? [String], ids == ids.sorted(), Set(ids).count == ids.count
    else {
      Issue.record(
        "favorites.json is broken: \(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self))"
      )
      return nil
    }
    return Set(ids)
  }

  /// Names in the state directory that show a quarantined or half-written file.
  func strayFiles(in state: String) -> (corrupt: [String], temporary: [String]) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
    return (names.filter { $0.contains(".corrupt-") }, names.filter { $0.contains(".tmp-") })
  }

  /// The favorites that toggling `ids` one after another, from none, leaves.
  private func oddlyToggled(_ ids: [String]) -> Set<String> {
    var set: Set<String> = []
    for id in ids where set.remove(id) == nil {
      set.insert(id)
    }
    return set
  }

  @Test("Two fun processes toggling one profile's favorites at once merge into one valid file")
  func twoProcessesMerge() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let property = Property(seed: 0x57A_0001)
    var generator = SplitMix64(seed: property.seed)
    let onlyFirst = ["swiftui", "actors", "macros"]
    let onlySecond = ["swiftpm", "lldb", "mvvm"]
    let shared = ["xctest", "swift-nio"]
    let firstToggles = (0..<200).map { _ in (onlyFirst + shared).randomElement(using: &generator) ?? "" }
    let secondToggles = (0..<200).map { _ in (onlySecond + shared).randomElement(using: &generator) ?? "" }
    let stateDirectory = directory.path("state")
    // Both sign in to one profile, so they share its favorites.json.
    let state = stateDirectory + "/profiles/pressure"
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))

    let processes = try [firstToggles, secondToggles].enumerated().map { index, toggles in
      let script = try directory.write(
        (["wait 1s"] + toggles.map { "fav \($0)" }).joined(separator: "\n") + "\n",
        to: "toggles-\(index).fun"
      )
      return try ScriptProcess(
        executable: executable,
        script: script,
        stateDirectory: stateDirectory,
        errorFile: directory.url.appendingPathComponent("errors-\(index).txt"),
        arguments: ["--profile", "pressure"]
      )
    }
    for process in processes {
      let exit = try await blocking { process.waitForExit() }
      #expect(exit == ScriptProcess.Exit(status: 0, wasSignalled: false), "stderr: \(process.errors)")
    }

    let stored = try #require(storedFavorites(in: state))
    #expect(stored.isSubset(of: onlyFirst + onlySecond + shared))
    // Each process alone changes its own ids, so for those the file holds exactly its toggles.
    #expect(
      stored.intersection(onlyFirst) == oddlyToggled(firstToggles.filter(onlyFirst.contains)),
      Comment(rawValue: property.replay)
    )
    #expect(
      stored.intersection(onlySecond) == oddlyToggled(secondToggles.filter(onlySecond.contains)),
      Comment(rawValue: property.replay)
    )
    let stray = strayFiles(in: state)
    #expect(stray.corrupt.isEmpty && stray.temporary.isEmpty, "\(stray)")
  }

  /// Waits until a file whose name has `.tmp-` and is not one of `known` appears in `state`:
  /// a save has created its temporary file and not yet renamed it. Polls the directory, as a
  /// portable stand-in for inotify, while draining `fun`'s output: a full pipe would stop it
  /// before its next save (the test once waited a minute for a save that could not start).
  func waitForTemporaryFile(of fun: ScriptProcess, in state: String, besides known: [String]) async throws
    -> Bool
  {
    try await blocking {
      fun.wait { strayFiles(in: state).temporary.contains { !known.contains($0) } }
    }
  }

  /// Leaves `fun` stopped in the middle of a save: waits for a save's temporary file, stops
  /// the process and looks again. Seeing the file is not enough, as the save may rename it
  /// before the kill lands (a thread-sanitizer run once never killed inside one); once the
  /// process is stopped, a file still there is a save SIGKILL will cut short. Returns whether
  /// one was caught within `attempts` saves.
  func stopInsideSave(of fun: ScriptProcess, in state: String, besides known: [String], attempts: Int)
    async throws -> Bool
  {
    // Each save's temporary file has a new name, so a file not in `known` is always this run's.
    for _ in 0..<attempts {
      guard try await waitForTemporaryFile(of: fun, in: state, besides: known) else { return false }
      guard fun.stop() else { return false }
      if strayFiles(in: state).temporary.contains(where: { !known.contains($0) }) {
        return true
      }
      fun.resume()
    }
    return false
  }

  @Test(
    "fun killed with SIGKILL at random points, and in the middle of saves, leaves the previous or the next favorites")
  func killedMidWrite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let property = Property(seed: 0x57A_0002)
    var generator = SplitMix64(seed: property.seed)
    let ids = SplitMix64.catalogIDs
    // Toggling the ids round and round: after n toggles the favorites are a known function of
    // n, with period 2 × ids.count.
    let toggles = (0..<3_000).map { ids[$0 % ids.count] }
    let reachable = (0...(2 * ids.count)).map { oddlyToggled(Array(toggles.prefix($0))) }
    let script = try directory.write(
      (["wait 1s"] + toggles.map { "fav \($0)" }).joined(separator: "\n") + "\n",
      to: "toggles.fun"
    )
    let stateDirectory = directory.path("state")
    let state = stateDirectory + "/profiles/pressure"
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    // Thousands of stored ids make each save write about 150 kB, so a save takes long enough
    // for the test to see its temporary file and kill fun before the rename.
    let bulk = (0..<10_000).map { String(format: "bulk-%05d", $0) }
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: ["ids": bulk])
      .write(to: URL(fileURLWithPath: state + "/favorites.json"))
    var killsInsideSaves = 0

    for round in 1...6 {
      let before = try #require(storedFavorites(in: state))
      let known = strayFiles(in: state).temporary
      let fun = try ScriptProcess(
        executable: executable,
        script: script,
        stateDirectory: stateDirectory,
        errorFile: directory.url.appendingPathComponent("errors-\(round).txt"),
        arguments: ["--profile", "pressure"],
        readsOutput: true
      )
      // Frames are ~1.2 kB and stdout is block-buffered: this waits for some dozens of toggles
      // at most. Odd rounds kill there; even rounds kill as soon as the next save has created
      // its temporary file.
      let bytes = Int.random(in: 0...20_000, using: &generator)
      _ = try await blocking { fun.waitForOutput(bytes: bytes) }
      if round.isMultiple(of: 2) {
        let saving = try await stopInsideSave(of: fun, in: state, besides: known, attempts: 100)
        #expect(saving, "round \(round): no save was caught in progress")
      }
      fun.kill()
      let exit = try await blocking { fun.waitForExit() }
      #expect(exit == ScriptProcess.Exit(status: SIGKILL, wasSignalled: true), "round \(round), \(property.replay)")

      let after = try #require(storedFavorites(in: state))
      let changed = before.symmetricDifference(after)
      #expect(
        reachable.contains(changed),
        """
        round \(round): from \(before.count) to \(after.count) ids, changing \(changed.sorted()), \
        which no number of toggles does; \(property.replay)
        """
      )
      let stray = strayFiles(in: state)
      #expect(stray.corrupt.isEmpty, "round \(round): a state file was quarantined")
      // A temporary file left behind is a save that SIGKILL cut short; the next start removes
      // it (its writer no longer runs).
      if !stray.temporary.isEmpty {
        killsInsideSaves += 1
      }
    }
    // Every even round stopped fun inside a save before killing it.
    #expect(killsInsideSaves >= 3, "only \(killsInsideSaves) kills landed inside a save")
    let leftovers = strayFiles(in: state).temporary
    let removed = StateFolder.removeAbandonedTemporaryFiles(in: URL(fileURLWithPath: stateDirectory))
    #expect(Set(removed.map { ($0 as NSString).lastPathComponent }) == Set(leftovers))
    #expect(strayFiles(in: state).temporary.isEmpty, "an interrupted save's temporary file outlived the next start")

    // The app itself loads what the kills left, without a complaint.
    let toasts = MockToastService()
    let favorites = PersistentFavoritesService(
      directory: URL(fileURLWithPath: state),
      logger: MockLoggerService(),
      toasts: toasts
    )
    #expect(favorites.favoriteIDs == storedFavorites(in: state))
    #expect(toasts.shownToasts.isEmpty)
  }
}

/// Moving the earlier layout into a profile, interrupted by SIGKILL at random points.
@Suite("Migration under SIGKILL", .timeLimit(.minutes(3)))
struct MigrationKillTests {
  @Test("fun killed in the middle of a migration loses and doubles nothing: the next start finishes it")
  func killedMidMigration() async throws {
    let property = Property(seed: 0x57A_0003)
    var generator = SplitMix64(seed: property.seed)
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    // Enough ids that moving them takes a while (each write is about 150 kB).
    let ids = (0..<10_000).map { String(format: "old-%05d", $0) }
    var migratedInto: Set<String> = []
    for round in 1...6 {
      let directory = try TemporaryDirectory()
      defer { directory.remove() }
      let state = directory.path("state")
      try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
      try JSONSerialization.data(withJSONObject: ["ids": ids])
        .write(to: URL(fileURLWithPath: state + "/favorites.json"))
      let script = try directory.write("show\n", to: "show.fun")
      let first = try ScriptProcess(
        executable: executable,
        script: script,
        stateDirectory: state,
        errorFile: directory.url.appendingPathComponent("errors-first.txt"),
        arguments: ["--profile", "ada"]
      )
      // Rounds 1-2 kill after a random stretch of real time (before, during or after the
      // migration); rounds 3-4 as soon as the marker exists (it has begun); rounds 5-6 as soon
      // as the merge's temporary file appears in ada's folder (in the middle of its write).
      // Whenever it lands, the outcome must be the same.
      let moment: String
      switch round {
      case 1, 2:
        let delay = Duration.milliseconds(Int64.random(in: 0...150, using: &generator))
        let deadline = ContinuousClock.now.advanced(by: delay)
        while ContinuousClock.now < deadline { sched_yield() }
        moment = "after \(delay)"
      case 3, 4:
        let markerPath = state + "/migration.json"
        let begun = try await blocking { first.wait { FileManager.default.fileExists(atPath: markerPath) } }
        #expect(begun, "round \(round)")
        moment = "once migration.json existed"
      default:
        // The merge's temporary file, or (if the poll missed it) the merged file.
        let folder = state + "/profiles/ada"
        let seen = try await blocking {
          first.wait {
            FileSystemNames.of(folder).contains { $0.hasPrefix(".favorites.json.tmp-") || $0 == "favorites.json" }
          }
        }
        #expect(seen, "round \(round): no merge seen")
        moment = "in the middle of the merge, or just after it"
      }
      first.kill()
      _ = try await blocking { first.waitForExit() }

      // The next start signs in to another profile. If the killed one had begun migrating,
      // the migration still lands in ada; if not, bob is the first profile to sign in.
      let second = try ScriptProcess(
        executable: executable,
        script: script,
        stateDirectory: state,
        errorFile: directory.url.appendingPathComponent("errors-second.txt"),
        arguments: ["--profile", "bob"]
      )
      let exit = try await blocking { second.waitForExit() }
      #expect(exit == ScriptProcess.Exit(status: 0, wasSignalled: false), "round \(round): \(second.errors)")

      let marker = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state + "/migration.json")))
          as? [String: Any])
      let target = try #require(marker["profile"] as? String)
      let other = target == "ada" ? "bob" : "ada"
      let moved = try savedIDs(state + "/profiles/\(target)/favorites.json")
      #expect(
        moved == ids, "round \(round) (killed \(moment)): \(moved.count) ids in \(target); \(property.replay)")
      #expect(marker["finished"] as? Bool == true, "round \(round)")
      #expect(!FileManager.default.fileExists(atPath: state + "/favorites.json"), "round \(round)")
      #expect(!FileManager.default.fileExists(atPath: state + "/profiles/\(other)/favorites.json"), "round \(round)")
      migratedInto.insert(target)
    }
    // Some kill landed after the migration had begun (else the test proves little).
    #expect(migratedInto.contains("ada"), "every kill landed before the migration began; \(property.replay)")
  }

  /// The ids of a favorites file as written: sorted, and each once.
  private func savedIDs(_ path: String) throws -> [String] {
    let data = try #require(FileManager.default.contents(atPath: path), "no \(path)")
    let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return try #require(document["ids"] as? [String])
  }
}

/// The names in a directory, none when it cannot be listed.
private enum FileSystemNames {
  static func of(_ path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  }
}
