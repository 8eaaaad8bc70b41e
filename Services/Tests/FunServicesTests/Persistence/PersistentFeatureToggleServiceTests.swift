import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("PersistentFeatureToggleService")
struct PersistentFeatureToggleServiceTests {
  private let logger = MockLoggerService()
  private let toasts = MockToastService()

  private func service(_ directory: URL) -> PersistentFeatureToggleService {
    PersistentFeatureToggleService(
      directory: directory,
      logger: logger,
      toasts: toasts,
      now: { Date(timeIntervalSince1970: 1_779_403_258) }
    )
  }

  private func stored(in directory: URL) throws -> FeatureToggles? {
    try StateFile<FeatureToggles>(directory: directory, name: "settings.json").read()
  }

  @Test("With no settings file, the toggles are the defaults: carousel on, system appearance, no failure")
  func defaults() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    #expect(
      service.toggles
        == FeatureToggles(showsFeaturedCarousel: true, appearance: .system, simulatesNetworkFailure: false))
    #expect(temporary.fileNames.allSatisfy { $0 != "settings.json" }, "nothing is written until something changes")
  }

  @Test("Toggles persist across a restart")
  func roundTrip() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    first.toggle(.featuredCarousel)
    first.toggle(.appearance)
    first.toggle(.appearance)
    first.toggle(.networkFailure)

    let expected = FeatureToggles(showsFeaturedCarousel: false, appearance: .dark, simulatesNetworkFailure: true)
    #expect(first.toggles == expected)
    #expect(service(temporary.url).toggles == expected)
    #expect(try stored(in: temporary.url) == expected)
  }

  @Test("Stepping backward saves the previous appearance; a switch flips either way")
  func stepBackward() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    service.toggle(.appearance, .backward)
    service.toggle(.featuredCarousel, .backward)
    let expected = FeatureToggles(showsFeaturedCarousel: false, appearance: .dark, simulatesNetworkFailure: false)
    #expect(service.toggles == expected)
    #expect(try stored(in: temporary.url) == expected)
  }

  @Test("Update replaces every toggle and reset restores the defaults, both saved")
  func updateAndReset() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    let custom = FeatureToggles(showsFeaturedCarousel: false, appearance: .light, simulatesNetworkFailure: true)
    service.update(custom)
    #expect(try stored(in: temporary.url) == custom)
    service.reset()
    #expect(service.toggles == .defaults)
    #expect(try stored(in: temporary.url) == .defaults)
  }

  @Test("The change stream starts with the current toggles, then follows each change")
  func changeStream() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(temporary.url)
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == .defaults)
    service.toggle(.featuredCarousel)
    #expect(await changes.next()?.showsFeaturedCarousel == false)
    service.reset()
    #expect(await changes.next() == .defaults)
  }

  @Test("A corrupt settings file is quarantined: defaults, a warning logged and an error toast")
  func corruptFile() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let garbage = Data("{\"appearance\": \"purple\"}".utf8)
    try garbage.write(to: temporary.url.appendingPathComponent("settings.json"))

    let service = service(temporary.url)

    let quarantined = temporary.url.appendingPathComponent("settings.json.corrupt-20260521T224058Z").path
    let message = AppError.corruptStateFile(name: "settings.json", movedTo: quarantined).message
    #expect(service.toggles == .defaults)
    #expect(FileManager.default.contents(atPath: quarantined) == garbage)
    #expect(logger.entries.contains { $0.level == .warning && $0.message == message && $0.category == "settings" })
    #expect(toasts.shownToasts == [.error(message)])
  }

  @Test("Two instances changing different toggles merge in the file")
  func instancesMerge() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let first = service(temporary.url)
    let second = service(temporary.url)
    first.toggle(.featuredCarousel)
    second.toggle(.appearance)

    let merged = FeatureToggles(showsFeaturedCarousel: false, appearance: .light, simulatesNetworkFailure: false)
    #expect(try stored(in: temporary.url) == merged)
    #expect(second.toggles == merged, "the instance that wrote last has read the other's change")
  }

  @Test("When the directory cannot be written, toggles still change in memory and an error toast shows")
  func unwritableDirectory() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let service = service(try temporary.unwritableDirectory())
    service.toggle(.featuredCarousel)
    service.toggle(.appearance)

    #expect(service.toggles.showsFeaturedCarousel == false)
    #expect(service.toggles.appearance == .light)
    #expect(toasts.shownToasts.count == 1)
    #expect(toasts.shownToasts.first?.message.hasPrefix("Cannot save to") == true)
    #expect(logger.entries.filter { $0.level == .error }.count == 2)
  }

  @Test("After saves failed, the next successful save keeps every unsaved change")
  func unsavedChangesAreKeptUntilSaved() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    // A file stands where the state directory should be, so saving fails until it is removed.
    let blocker = temporary.url.appendingPathComponent("state")
    try Data("not a directory".utf8).write(to: blocker)
    let service = service(blocker)
    service.toggle(.featuredCarousel)
    #expect(toasts.shownToasts.count == 1)

    try FileManager.default.removeItem(at: blocker)
    service.toggle(.networkFailure)

    let expected = FeatureToggles(showsFeaturedCarousel: false, appearance: .system, simulatesNetworkFailure: true)
    #expect(try stored(in: blocker) == expected)
  }

  @Test("A toggle keeps the members of settings.json this version does not know; the toggled one is the new value")
  func keepsUnknownMembers() throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let url = temporary.url.appendingPathComponent("settings.json")
    try Data(#"{"appearance":"dark","showsFeaturedCarousel":true,"future":\#(FutureMember.text)}"#.utf8).write(to: url)

    service(temporary.url).toggle(.featuredCarousel)

    let saved = try members(ofFileAt: url)
    #expect(saved["future"] == FutureMember.value)
    #expect(saved["showsFeaturedCarousel"] == .bool(false))
    #expect(saved["appearance"] == .string("dark"))
    #expect(toasts.shownToasts.isEmpty)
  }
}
