import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

@Suite("Guest services")
struct InMemoryServicesTests {
  @Test("Guest favorites toggle, remove and publish like a profile's, and write no file")
  func favorites() async throws {
    let temporary = try TemporaryDirectory()
    defer { temporary.remove() }
    let current = FileManager.default.currentDirectoryPath
    let service = InMemoryFavoritesService()
    var changes = service.changes().makeAsyncIterator()
    #expect(await changes.next() == [])

    service.toggle("swiftui")
    service.toggle("combine")
    service.toggle("combine")
    service.remove("swiftui")
    service.remove("not-there")

    #expect(await changes.next() == ["swiftui"])
    #expect(await changes.next() == ["swiftui", "combine"])
    #expect(await changes.next() == ["swiftui"])
    #expect(await changes.next() == [])
    #expect(service.favoriteIDs.isEmpty)
    #expect(temporary.fileNames.isEmpty)
    #expect(FileManager.default.currentDirectoryPath == current)
  }

  @Test("Ending a guest session finishes both streams; later changes are ignored")
  func scopeEnd() async {
    let favorites = InMemoryFavoritesService()
    let details = InMemoryProfileDetailsService(createdAt: Date(timeIntervalSince1970: 0))
    var favoriteChanges = favorites.changes().makeAsyncIterator()
    var detailChanges = details.changes().makeAsyncIterator()
    #expect(await favoriteChanges.next() == [])
    #expect(await detailChanges.next()?.displayName == "Guest")

    favorites.scopeDidEnd()
    details.scopeDidEnd()
    favorites.toggle("swiftui")

    #expect(await favoriteChanges.next() == nil)
    #expect(await detailChanges.next() == nil)
    #expect(favorites.favoriteIDs.isEmpty)
  }

  @Test("A guest's details can be edited, in memory, by the same rule")
  func guestDetails() throws {
    let details = InMemoryProfileDetailsService(createdAt: Date(timeIntervalSince1970: 0))

    try details.update(displayName: "Visitor", bio: "Just looking.")
    #expect(throws: AppError.invalidProfileDetails(reason: L10n.Details.emptyName)) {
      try details.update(displayName: "", bio: "")
    }

    #expect(details.profile.displayName == "Visitor")
    #expect(details.profile.bio == "Just looking.")
    #expect(details.profile.name.isEmpty)
  }
}
