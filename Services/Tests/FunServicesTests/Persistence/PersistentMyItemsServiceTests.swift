import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("PersistentMyItemsService")
struct PersistentMyItemsServiceTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()

  private func service(_ directory: URL) -> PersistentMyItemsService {
    PersistentMyItemsService(
      directory: directory, logger: logger, toasts: toasts, now: { Date(timeIntervalSince1970: 1_779_403_258) })
  }

  private func draft(_ id: String, _ title: String = "Title") -> MyItemDraft {
    MyItemDraft(id: id, title: title, subtitle: "Sub", category: "Journal", paragraphs: ["One.", "Two."])
  }

  private func storedIDs(in directory: URL) throws -> [String]? {
    try StateFile<StoredMyItems>(directory: directory, name: "my-items.json").read()?.items.map(\.id)
  }

  @Test("Items are created, edited and deleted, and survive a restart in the catalog's own shape")
  func roundTrip() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    try first.save(draft("notes"), replacing: nil)
    try first.save(draft("ideas"), replacing: nil)
    try first.save(draft("journal", "Renamed"), replacing: first.items[0])
    try first.save(draft("scratch"), replacing: nil)
    first.delete("scratch")
    first.delete("not-there")

    let again = service(temporary.url)
    #expect(again.items.map(\.id) == ["journal", "ideas"])
    #expect(again.items.first?.title == "Renamed")
    #expect(again.items.first?.description == "One.\n\nTwo.")
    #expect(toasts.shownToasts.isEmpty)
    // The file is a catalog: what the catalog decoder reads.
    let data = try #require(
      FileManager.default.contents(atPath: temporary.url.appendingPathComponent("my-items.json").path))
    #expect(try CatalogDecoder().decode(data).map(\.id) == ["journal", "ideas"])
  }

  @Test("Made, the service reads nothing; its first reloadIfChanged reads the file and publishes what it holds")
  func readWhenFirstNeeded() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try service(temporary.url).save(draft("notes"), replacing: nil)
    let loaded = "Loaded \(temporary.url.appendingPathComponent("my-items.json").path)"
    #expect(logger.entries.filter { $0.message == loaded }.isEmpty)

    let service = service(temporary.url)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == [])
    #expect(logger.entries.filter { $0.message == loaded }.isEmpty)
    service.reloadIfChanged()
    #expect(await changes.next()?.map(\.id) == ["notes"])
    #expect(logger.entries.filter { $0.message == loaded }.count == 1)
    service.reloadIfChanged()
    #expect(logger.entries.filter { $0.message == loaded }.count == 1)
  }

  @Test("A save or a deletion before anything read the file keeps the items it holds: nothing is lost")
  func changeBeforeTheFirstRead() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let earlier = service(temporary.url)
    try earlier.save(draft("notes"), replacing: nil)
    try earlier.save(draft("ideas"), replacing: nil)

    // Fresh services, as at the start of a session whose first read has not run yet.
    try service(temporary.url).save(draft("journal"), replacing: nil)
    #expect(try storedIDs(in: temporary.url) == ["notes", "ideas", "journal"])
    service(temporary.url).delete("ideas")
    #expect(try storedIDs(in: temporary.url) == ["notes", "journal"])
    #expect(service(temporary.url).items.map(\.id) == ["notes", "journal"])
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("A draft that breaks the rule, or an id already saved, is refused and nothing changes")
  func refusals() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    try service.save(draft("notes"), replacing: nil)
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("notes"))) {
      try service.save(draft("notes", "Other"), replacing: nil)
    }
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.titleEmpty)) {
      try service.save(MyItemDraft(id: "empty", title: " ", category: "C"), replacing: nil)
    }
    #expect(service.items.map(\.title) == ["Title"])
    #expect(try storedIDs(in: temporary.url) == ["notes"])
  }

  @Test(
    "A save that would take the file past the limit it is read with is refused: the file, the items and later saves are as before"
  )
  func saveOverTheLimitIsRefused() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try service(temporary.url).save(draft("notes"), replacing: nil)
    let path = temporary.url.appendingPathComponent("my-items.json").path
    let saved = try #require(FileManager.default.contents(atPath: path))
    // Room for a shorter description of "notes", not for a second item.
    let limit = saved.count + 40
    let limited = PersistentMyItemsService(
      directory: temporary.url, logger: logger, toasts: toasts, now: { Date(timeIntervalSince1970: 1_779_403_258) },
      limit: limit)
    var changes = limited.changes().makeAsyncIterator()
    #expect(await changes.next() == [])

    #expect(throws: AppError.stateFileTooLarge(name: "my-items.json", limit: limit)) {
      try limited.save(draft("ideas"), replacing: nil)
    }
    #expect(FileManager.default.contents(atPath: path) == saved)
    #expect(limited.items.map(\.id) == ["notes"], "the refused item is not kept in memory")
    #expect(await changes.next()?.map(\.id) == ["notes"], "what shows is what is saved")
    #expect(toasts.shownToasts.isEmpty, "the caller says why; no toast says the change is kept")
    #expect(logger.entries.contains { $0.message.contains("Did not save my-items.json") })

    // Not a failed save waiting to be retried: the next save that fits is saved alone.
    try limited.save(draft("notes", "Renamed"), replacing: limited.items[0])
    #expect(try storedIDs(in: temporary.url) == ["notes"])
    #expect(service(temporary.url).items.map(\.title) == ["Renamed"])
  }

  @Test(
    "Two instances on one profile: each shows the other's saves after reloadIfChanged; nothing lost, nothing doubled")
  func twoInstances() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    var secondChanges = second.changes().makeAsyncIterator()
    #expect(await secondChanges.next() == [])
    #expect(second.items.isEmpty)

    try first.save(draft("notes"), replacing: nil)
    #expect(second.items.isEmpty)
    second.reloadIfChanged()
    #expect(await secondChanges.next()?.map(\.id) == ["notes"])

    // The second saves from what is saved, not from what it last saw: the first's item stays.
    try first.save(draft("ideas"), replacing: nil)
    try second.save(draft("drafts"), replacing: nil)
    #expect(second.items.map(\.id) == ["notes", "ideas", "drafts"])
    // The same id from both: the second to save is refused, decided under the lock.
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("ideas"))) {
      try second.save(draft("ideas", "Mine too"), replacing: nil)
    }
    first.reloadIfChanged()
    #expect(first.items.map(\.id) == ["notes", "ideas", "drafts"])
    #expect(try storedIDs(in: temporary.url) == ["notes", "ideas", "drafts"])
  }

  @Test("Two instances edit one item: the later save, of a subtitle only, is refused rather than undo the title")
  func editRace() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let (first, second) = (service(temporary.url), service(temporary.url))
    try first.save(draft("notes"), replacing: nil)
    // Both open the form on the item as saved.
    let opened = try #require(second.items.first)
    #expect(first.items.first == opened)

    try first.save(draft("notes", "New title"), replacing: opened)
    var subtitleOnly = MyItemDraft(editing: opened)
    subtitleOnly.subtitle = "New subtitle"
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.changedElsewhere("Title"))) {
      try second.save(subtitleOnly, replacing: opened)
    }

    let stored = try #require(
      try StateFile<StoredMyItems>(directory: temporary.url, name: "my-items.json").read()?.items.first)
    #expect(stored.title == "New title")
    #expect(stored.subtitle == "Sub")
    // The refusal shows what is saved; saving again from it replaces it deliberately.
    let now = try #require(second.items.first)
    #expect(now == stored)
    try second.save(subtitleOnly, replacing: now)
    #expect(second.items.map(\.title) == ["Title"])
    #expect(second.items.map(\.subtitle) == ["New subtitle"])
  }

  @Test("An item one instance deleted is not brought back by the other's edit; saving it as new does")
  func deleteRace() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let (first, second) = (service(temporary.url), service(temporary.url))
    try first.save(draft("notes"), replacing: nil)
    try first.save(draft("ideas"), replacing: nil)
    let opened = try #require(second.items.last)

    first.delete("ideas")
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.deletedElsewhere("Title"))) {
      try second.save(draft("ideas", "Edited"), replacing: opened)
    }
    #expect(try storedIDs(in: temporary.url) == ["notes"])
    #expect(second.items.map(\.id) == ["notes"])

    try second.save(draft("ideas", "Edited"), replacing: nil)
    #expect(try storedIDs(in: temporary.url) == ["notes", "ideas"])
  }

  @Test("Many saves from two instances at once leave every item exactly once in a valid file")
  func concurrentSaves() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let instances = [service(temporary.url), service(temporary.url)]
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<40 {
        let instance = instances[index % 2]
        // Each id is saved twice, once by each instance: one is refused.
        group.addTask { try? instance.save(draft("item-\(index / 2)"), replacing: nil) }
      }
    }
    let expected = Set((0..<20).map { "item-\($0)" })
    let stored = try #require(try storedIDs(in: temporary.url))
    #expect(stored.count == 20)
    #expect(Set(stored) == expected)
    #expect(temporary.fileNames.allSatisfy { !$0.contains(".tmp-") && !$0.contains("corrupt") })
  }

  @Test(
    "A corrupt file, or one whose items break the rule, is quarantined: no items, a warning and an error toast",
    arguments: [
      #"{"items": [{"id": "notes""#,
      #"{"items": [{"id": "not a slug", "title": "T", "subtitle": "", "category": "C", "description": "", "featured": false}]}"#,
      #"{"items": [{"id": "a", "title": "T", "subtitle": "", "category": "C", "description": "", "featured": false}, {"id": "a", "title": "U", "subtitle": "", "category": "C", "description": "", "featured": false}]}"#,
      #"{"items": [{"id": "a", "title": "", "subtitle": "", "category": "C", "description": "", "featured": false}]}"#,
    ]
  )
  func corruptFile(contents: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let garbage = Data(contents.utf8)
    try garbage.write(to: temporary.url.appendingPathComponent("my-items.json"))

    let service = service(temporary.url)

    let quarantined = temporary.url.appendingPathComponent("my-items.json.corrupt-20260521T224058Z").path
    let error = AppError.corruptStateFile(name: "my-items.json", movedTo: quarantined)
    #expect(service.items.isEmpty)
    #expect(FileManager.default.contents(atPath: quarantined) == garbage)
    #expect(
      logger.entries.contains { $0.level == .warning && $0.message == error.message && $0.category == "my-items" })
    #expect(toasts.shownToasts == [.error(error.message)])

    try service.save(draft("notes"), replacing: nil)
    #expect(try storedIDs(in: temporary.url) == ["notes"])
  }

  /// A `my-items.json` of `ids`, each item as a person could have saved it.
  private func file(of ids: some Sequence<String>) -> Data {
    let items = ids.map {
      #"{"id": "\#($0)", "title": "Title \#($0)", "subtitle": "", "category": "Journal", "description": "One.\n\nTwo.", "featured": false}"#
    }
    return Data(#"{"items": [\#(items.joined(separator: ",\n"))]}"#.utf8)
  }

  @Test("A file of 100,000 items, about the size cap, loads whole and in order with every item checked")
  func largeFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    // Checking each item against the ones before it by scanning them took minutes at this size.
    let ids = (0..<100_000).map { "item-\($0)" }
    try file(of: ids).write(to: temporary.url.appendingPathComponent("my-items.json"))

    let items = service(temporary.url).items

    #expect(items.count == 100_000)
    #expect(items.map(\.id) == ids)
    #expect(items.last?.description == "One.\n\nTwo.")
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("An id repeated far apart in a file makes it corrupt, as one repeated next to itself does")
  func repeatedIDFarApart() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try file(of: (0..<1_000).map { "item-\($0)" } + ["item-0"])
      .write(to: temporary.url.appendingPathComponent("my-items.json"))

    let service = service(temporary.url)

    let quarantined = temporary.url.appendingPathComponent("my-items.json.corrupt-20260521T224058Z").path
    #expect(service.items.isEmpty)
    #expect(
      toasts.shownToasts == [.error(AppError.corruptStateFile(name: "my-items.json", movedTo: quarantined).message)])
  }

  @Test("A save cut short (a temporary file left half-written, as SIGKILL leaves it) keeps the previous items")
  func interruptedSave() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try service(temporary.url).save(draft("notes"), replacing: nil)
    // What a kill between writing the temporary file and renaming it leaves behind.
    let torn = #"{"items": [{"id": "notes", "title": "Ti"#
    try Data(torn.utf8).write(
      to: temporary.url.appendingPathComponent(FileSystem.temporaryPrefix(for: "my-items.json") + "12345-1"))

    let restarted = service(temporary.url)
    #expect(restarted.items.map(\.id) == ["notes"])
    #expect(toasts.shownToasts.isEmpty)
    try restarted.save(draft("ideas"), replacing: nil)
    #expect(try storedIDs(in: temporary.url) == ["notes", "ideas"])
  }

  @Test("When the folder cannot be written, the item stays in memory with one error toast")
  func unwritable() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let blocked = temporary.url.appendingPathComponent("blocked")
    try Data().write(to: blocked)
    let service = service(blocked)
    try service.save(draft("notes"), replacing: nil)
    try service.save(draft("ideas"), replacing: nil)
    #expect(service.items.map(\.id) == ["notes", "ideas"])
    #expect(toasts.shownToasts.count == 1)
    #expect(logger.entries.filter { $0.level == .error }.count == 2)
  }

  @Test("After its session ends, the service saves nothing and its stream is finished")
  func endsWithSession() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == [])
    service.scopeDidEnd()
    try service.save(draft("notes"), replacing: nil)
    #expect(try storedIDs(in: temporary.url) == nil)
    #expect(await changes.next() == nil)
  }

  @Test("A save keeps the members of my-items.json this version does not know, and saves the new items")
  func keepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("my-items.json")
    try Data(#"{"items":[],"collections":\#(FutureMember.text)}"#.utf8).write(to: url)

    try service(temporary.url).save(draft("notes"), replacing: nil)

    #expect(try members(ofFileAt: url)["collections"] == FutureMember.value)
    #expect(try storedIDs(in: temporary.url) == ["notes"])
  }
}

@Suite("InMemoryMyItemsService")
struct InMemoryMyItemsServiceTests {
  @Test("A guest's items follow the same rule, publish each change and are never saved")
  func guest() async throws {
    let service = InMemoryMyItemsService()
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == [])
    try service.save(MyItemDraft(id: "notes", title: "Notes", category: "C"), replacing: nil)
    #expect(await changes.next()?.map(\.id) == ["notes"])
    #expect(throws: AppError.invalidMyItem(reason: L10n.MyItems.idUsedByYours("notes"))) {
      try service.save(MyItemDraft(id: "notes", title: "Again", category: "C"), replacing: nil)
    }
    service.delete("notes")
    #expect(await changes.next() == [])
    service.scopeDidEnd()
    try service.save(MyItemDraft(id: "late", title: "Late", category: "C"), replacing: nil)
    #expect(service.items.isEmpty)
    #expect(await changes.next() == nil)
  }
}
