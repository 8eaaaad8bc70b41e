import FunCore

/// The signed-in profile's own catalog items, persisted across runs: a session service, one per
/// session (in memory for a guest), with the same rules as every saved state (atomic writes
/// under a file lock, a corrupt file moved aside).
///
/// Items keep the order they were created in. Every change is decided under the file's lock
/// from what is saved, so two Funs on one profile never lose or double an item: an id is
/// unique in the file, whoever saves first.
public protocol MyItemsService: Sendable {
  /// Your items as this instance knows them, oldest first.
  var items: [FeaturedItem] { get }

  /// Saves `draft` as a new item (`originalID` `nil`) or in place of the item `originalID`
  /// (which may change its id); an edited item that another Fun deleted meanwhile is saved
  /// again, so an edit is never lost.
  /// - Throws: ``AppError/invalidMyItem(reason:)`` when the draft breaks the rule or its id is
  ///   used by another of your items as saved; nothing changes then. A save that fails to
  ///   write keeps the change in memory and says so in a toast, as every saved state does.
  func save(_ draft: MyItemDraft, replacing originalID: String?) throws(AppError)

  /// Deletes the item `id` (a no-op if absent).
  func delete(_ id: String)

  /// The items now, then after every change.
  func changes() -> MulticastStream<[FeaturedItem]>.Subscription

  /// Shows what another Fun saved since this one last read or wrote: if the saved file has
  /// changed (its change time, a cheap look), reads it and publishes it on ``changes()``.
  /// Blocks briefly on file I/O, so callers run it off the main actor; a no-op where nothing
  /// is saved.
  func reloadIfChanged()
}

extension ServiceKey where Value == any MyItemsService {
  /// The session's own items.
  public static var myItems: Self { Self("myItems") }
}
