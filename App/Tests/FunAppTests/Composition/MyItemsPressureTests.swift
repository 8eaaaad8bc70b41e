import Foundation
import FunModelTestSupport
import Testing

@testable import FunModel
@testable import FunServices

/// Your own items under pressure from real `fun` processes writing them through the form sheet,
/// by keys, as a person does: two signed in to one profile saving at once, and one killed with
/// SIGKILL in the middle of its saves, again and again. Neither loses an item or saves one
/// twice, and what is left on disk always loads.
@Suite("My items under pressure", .timeLimit(.minutes(3)))
struct MyItemsPressureTests {
  /// The helpers that watch a state directory and stop `fun` inside a save.
  private let pressure = StatePressureTests()

  /// The script lines that write one item through the form: `n`, the id, a title, the
  /// category, Ctrl-S; then Esc twice, which closes the form should its id be refused (another
  /// Fun took it: the form holds changes, so the first Esc only asks) and does nothing on the list.
  private static func writing(_ id: String) -> [String] {
    [
      "key n", "type \(id)", "key tab", "type Item \(id)", "key tab", "key tab", "type Journal", "key ctrl-s",
      "key esc", "key esc",
    ]
  }

  /// The ids of my-items.json in order, or `nil` (with an issue) when it is not the file's
  /// valid shape or holds an id twice.
  private func storedIDs(in state: String) -> [String]? {
    let path = state + "/my-items.json"
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    guard let data = FileManager.default.contents(atPath: path),
      let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let items = document["items"] as? [[String: Any]]
    else {
      Issue.record(
        "my-items.json is broken: \(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self).prefix(500))"
      )
      return nil
    }
    let ids = items.compactMap { $0["id"] as? String }
    guard ids.count == items.count, Set(ids).count == ids.count else {
      Issue.record("my-items.json holds an id twice or an item without one")
      return nil
    }
    return ids
  }

  @Test("Two fun processes writing items for one profile at once: every item saved once, none lost")
  func twoProcessesWrite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let stateDirectory = directory.path("state")
    let state = stateDirectory + "/profiles/pressure"
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    // Each writes its own ids, and both write the shared ones: whoever saves one first keeps it.
    let own = [(0..<20).map { "first-\($0)" }, (0..<20).map { "second-\($0)" }]
    let shared = (0..<10).map { "shared-\($0)" }

    let processes = try own.enumerated().map { index, ids in
      let interleaved = zip(ids, shared + Array(repeating: "", count: ids.count - shared.count))
        .flatMap { [$0, $1] }.filter { !$0.isEmpty }
      let script = try directory.write(
        (["wait 1s", "activity studio"] + interleaved.flatMap(Self.writing)).joined(separator: "\n") + "\n",
        to: "writes-\(index).fun")
      return try ScriptProcess(
        executable: executable, script: script, stateDirectory: stateDirectory,
        errorFile: directory.url.appendingPathComponent("errors-\(index).txt"), arguments: ["--profile", "pressure"])
    }
    for process in processes {
      let exit = try await blocking { process.waitForExit() }
      #expect(exit == ScriptProcess.Exit(status: 0, wasSignalled: false), "stderr: \(process.errors)")
    }

    let stored = try #require(storedIDs(in: state))
    #expect(Set(stored) == Set(own.flatMap { $0 } + shared))
    // Each process's own items keep the order it wrote them in.
    for ids in own {
      #expect(stored.filter(ids.contains) == ids)
    }
    let stray = pressure.strayFiles(in: state)
    #expect(stray.corrupt.isEmpty && stray.temporary.isEmpty, "\(stray)")
  }

  @Test("fun killed with SIGKILL at random points, and in the middle of saves, loses and doubles no item")
  func killedMidWrite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let property = Property(seed: 0x511_0001)
    var generator = SplitMix64(seed: property.seed)
    let stateDirectory = directory.path("state")
    let state = stateDirectory + "/profiles/pressure"
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    // A few thousand saved items make each save write about 400 kB, so a save takes long
    // enough for the test to see its temporary file and kill fun before the rename.
    let bulk = (0..<3_000).map { index in
      FeaturedItem(
        id: String(format: "bulk-%05d", index), title: "Bulk \(index)", subtitle: "Saved before the test",
        category: "Bulk", description: "An item that makes every save a long write.", isFeatured: false)
    }
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    try CatalogFixtures.json(bulk).write(toFile: state + "/my-items.json", atomically: true, encoding: .utf8)
    var killsInsideSaves = 0

    for round in 1...6 {
      let before = try #require(storedIDs(in: state))
      let known = pressure.strayFiles(in: state).temporary
      let written = (0..<200).map { "round\(round)-\($0)" }
      let script = try directory.write(
        (["wait 1s", "activity studio"] + written.flatMap(Self.writing)).joined(separator: "\n") + "\n",
        to: "writes-\(round).fun")
      let fun = try ScriptProcess(
        executable: executable, script: script, stateDirectory: stateDirectory,
        errorFile: directory.url.appendingPathComponent("errors-\(round).txt"), arguments: ["--profile", "pressure"],
        readsOutput: true)
      // Odd rounds kill after some frames; even rounds as soon as a save has created its
      // temporary file.
      let bytes = Int.random(in: 0...60_000, using: &generator)
      _ = try await blocking { fun.waitForOutput(bytes: bytes) }
      if round.isMultiple(of: 2) {
        let saving = try await pressure.stopInsideSave(of: fun, in: state, besides: known, attempts: 100)
        #expect(saving, "round \(round): no save was caught in progress")
      }
      fun.kill()
      let exit = try await blocking { fun.waitForExit() }
      #expect(exit == ScriptProcess.Exit(status: SIGKILL, wasSignalled: true), "round \(round), \(property.replay)")

      // Everything saved before is still there, in order, and what this round added is the
      // first items it wrote, each once: a save is whole or absent.
      let after = try #require(storedIDs(in: state))
      #expect(Array(after.prefix(before.count)) == before, "round \(round): an earlier item was lost")
      let added = Array(after.dropFirst(before.count))
      #expect(added == Array(written.prefix(added.count)), "round \(round): added \(added); \(property.replay)")
      let stray = pressure.strayFiles(in: state)
      #expect(stray.corrupt.isEmpty, "round \(round): my-items.json was quarantined")
      if !stray.temporary.isEmpty {
        killsInsideSaves += 1
      }
    }
    #expect(killsInsideSaves >= 3, "only \(killsInsideSaves) kills landed inside a save")

    // The app itself loads what the kills left, without a complaint.
    let toasts = MockToastService()
    let items = PersistentMyItemsService(
      directory: URL(fileURLWithPath: state), logger: MockLoggerService(), toasts: toasts)
    #expect(items.items.map(\.id) == storedIDs(in: state))
    #expect(toasts.shownToasts.isEmpty)
  }
}
