import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("PersistentProfileDetailsService")
struct PersistentProfileDetailsServiceTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()
  private let date = Date(timeIntervalSince1970: 1_735_689_600)

  private func service(_ directory: URL, name: String = "ada") throws -> PersistentProfileDetailsService {
    PersistentProfileDetailsService(
      profile: try ProfileName(validating: name),
      directory: directory,
      logger: logger,
      toasts: toasts,
      now: { [date] in date }
    )
  }

  @Test("The details saved in profile.json are the ones loaded")
  func loadsSavedDetails() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let saved = UserProfile(displayName: "Ada Lovelace", name: "ada", bio: "Notes on engines.", createdAt: date)
    try StateFile<UserProfile>(directory: temporary.url, name: "profile.json").write(saved)

    #expect(try service(temporary.url).profile == saved)
    let text = try String(contentsOf: temporary.url.appendingPathComponent("profile.json"), encoding: .utf8)
    #expect(text.contains("\"createdAt\" : \"2025-01-01T00:00:00Z\""))
  }

  @Test("Without a file a profile starts from its name, created now on the app's clock")
  func defaults() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }

    let profile = try service(temporary.url, name: "Grace").profile

    #expect(profile == UserProfile(displayName: "Grace", name: "Grace", bio: "", createdAt: date))
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("A corrupt profile.json is quarantined with an error toast, and the defaults are used")
  func corruptFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try Data("{\"displayName\": 3".utf8).write(to: temporary.url.appendingPathComponent("profile.json"))

    let profile = try service(temporary.url).profile

    #expect(profile.displayName == "ada")
    #expect(temporary.fileNames.contains { $0.hasPrefix("profile.json.corrupt-20250101T000000Z") })
    #expect(toasts.shownToasts.first?.message.hasPrefix("profile.json was corrupt") == true)
  }

  @Test(
    "A profile.json this app could not have saved is set aside as corrupt, whole, and the defaults are used",
    arguments: [
      String(repeating: "b", count: 161), "line\u{1B}[2J",
      String(repeating: "e" + String(repeating: "\u{301}", count: 20), count: 100),
    ])
  func detailsBreakingTheRule(bio: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let tooLong = UserProfile(displayName: "Ada", name: "ada", bio: bio, createdAt: date)
    let path = temporary.url.appendingPathComponent("profile.json")
    try StateFile<UserProfile>.encode(tooLong).write(to: path)
    let saved = try Data(contentsOf: path)

    let profile = try service(temporary.url).profile

    #expect(profile.bio == "" && profile.displayName == "ada")
    let setAside = try #require(temporary.fileNames.first { $0.hasPrefix("profile.json.corrupt-") })
    #expect(try Data(contentsOf: temporary.url.appendingPathComponent(setAside)) == saved)
    #expect(toasts.shownToasts.first?.message.hasPrefix("profile.json was corrupt") == true)
  }

  @Test("A profile.json over 64 KiB is set aside before it is read")
  func oversizedFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let huge = UserProfile(
      displayName: String(repeating: "n", count: 1 << 20), name: "ada", bio: String(repeating: "b", count: 1 << 20),
      createdAt: date)
    try StateFile<UserProfile>.encode(huge).write(to: temporary.url.appendingPathComponent("profile.json"))

    #expect(try service(temporary.url).profile.displayName == "ada")
    #expect(temporary.fileNames.contains { $0.hasPrefix("profile.json.corrupt-") })
    #expect(toasts.shownToasts.first?.message.contains("larger than 65,536 bytes") == true)
  }

  @Test("Details at the limits, saved by an edit, load again as they were")
  func detailsAtTheLimits() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let name = String(repeating: "\u{1F468}\u{200D}\u{1F469}", count: 40)
    let bio = String(repeating: "\"\\/", count: 53) + "x"
    try service(temporary.url).update(displayName: name, bio: bio)

    let loaded = try service(temporary.url).profile
    #expect(loaded.displayName == name && loaded.bio == bio)
    #expect(toasts.shownToasts.isEmpty)
  }

  @Test("An edit is saved (trimmed) and published; another instance sees it")
  func edit() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = try service(temporary.url)
    var changes = service.changes().makeAsyncIterator()
    _ = await changes.next()

    try service.update(displayName: "  Ada Lovelace ", bio: "Notes on the engine.\n")

    #expect(await changes.next()?.displayName == "Ada Lovelace")
    let reloaded = try self.service(temporary.url).profile
    #expect(reloaded.displayName == "Ada Lovelace")
    #expect(reloaded.bio == "Notes on the engine.")
    #expect(reloaded.createdAt == date)
  }

  @Test(
    "Two instances on one profile each change one field: the file keeps both; a field passed as nil keeps the saved one"
  )
  func editsMergeByField() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    try StateFile<UserProfile>(directory: temporary.url, name: "profile.json")
      .write(UserProfile(displayName: "Ada", name: "ada", bio: "", createdAt: date))
    let first = try service(temporary.url)
    let second = try service(temporary.url)
    #expect(first.profile.bio == "")

    try second.update(displayName: nil, bio: "Saved by the other one.")
    try first.update(displayName: "Ada Lovelace", bio: nil)

    let saved = try self.service(temporary.url).profile
    #expect(saved.displayName == "Ada Lovelace")
    #expect(saved.bio == "Saved by the other one.")
  }

  @Test(
    "A bad edit is refused with the reason and changes nothing",
    arguments: [
      ("  ", "", "The display name cannot be empty"),
      (String(repeating: "a", count: 41), "", "at most 40 characters"),
      ("Ada", String(repeating: "b", count: 161), "at most 160 characters"),
      ("Ada\u{1B}[2J", "", "Control characters"),
    ]
  )
  func badEdit(displayName: String, bio: String, reason: String) throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = try service(temporary.url)
    let before = service.profile

    let error = #expect(throws: AppError.self) { try service.update(displayName: displayName, bio: bio) }

    #expect(error?.message.contains(reason) == true)
    #expect(service.profile == before)
    #expect(!temporary.fileNames.contains("profile.json"))
  }

  @Test("Ending its scope finishes the change stream")
  func scopeEnd() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = try service(temporary.url)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next()?.name == "ada")

    service.scopeDidEnd()

    #expect(await changes.next() == nil)
  }

  @Test("An edit keeps the members of profile.json this version does not know; the edited field is the new value")
  func keepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("profile.json")
    let saved = #"{"displayName":"Ada","name":"ada","bio":"Old.","createdAt":"2025-01-01T00:00:00Z","avatar":"#
    try Data((saved + FutureMember.text + "}").utf8).write(to: url)

    try service(temporary.url).update(displayName: nil, bio: "New.")

    let members = try members(ofFileAt: url)
    #expect(members["avatar"] == FutureMember.value)
    #expect(members["bio"] == .string("New."))
    #expect(members["displayName"] == .string("Ada"))
    #expect(members["createdAt"] == .string("2025-01-01T00:00:00Z"))
  }
}
