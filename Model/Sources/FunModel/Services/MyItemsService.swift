import FunCore

/// The signed-in profile's own catalog items, persisted across runs: a session service, one per
/// session (in memory for a guest), with the same rules as every saved state (atomic writes
/// under a file lock, a corrupt file moved aside).
///
/// Items keep the order they were created in. Every change is decided under the file's lock
/// from what is saved, so two Funs on one profile never lose or double an item: an id is
/// unique in the file, whoever saves first, and an edit never silently undoes another Fun's
/// edit or deletion of the same item.
public protocol MyItemsService: Sendable {
  /// Your items as this instance knows them, oldest first; a saved service's first read of
  /// them may read its file, blocking (see ``reloadIfChanged()``).
  var items: [FeaturedItem] { get }

  /// Saves `draft` as a new item (`original` `nil`) or in place of `original`, the item as
  /// the form that edits it opened it (its id may change). Decided under the file's lock from
  /// what is saved: an edit of an item another Fun changed or deleted since is refused, so
  /// neither that change nor the deletion is undone unseen (see
  /// ``/FunModel/MyItemDraft/saving(into:replacing:)``).
  /// - Throws: ``AppError/invalidMyItem(reason:)`` when the draft breaks the rule, its id is
  ///   used by another of your items as saved, or `original` is no longer what is saved;
  ///   nothing changes then; ``AppError/stateFileTooLarge(name:limit:)`` when saving it would
  ///   make the file larger than Fun reads back: the file and the items stay as they were. A
  ///   save that fails to write otherwise keeps the change in memory and says so in a toast, as
  ///   every saved state does.
  func save(_ draft: MyItemDraft, replacing original: FeaturedItem?) throws(AppError)

  /// Deletes the item `id` (a no-op if absent).
  func delete(_ id: String)

  /// The items now, then after every change.
  func changes() -> MulticastStream<[FeaturedItem]>.Subscription

  /// Shows what another Fun saved since this one last read or wrote: if the saved file has
  /// changed (its change time, a cheap look), reads it and publishes it on ``changes()``.
  /// A saved service reads its file when first needed, and this is how a store has it read
  /// at the start of a session: the first call reads it, whatever its change time. Blocks on
  /// file I/O (a file at the size cap takes a second or more), so callers run it off the main
  /// actor; a no-op where nothing is saved.
  func reloadIfChanged()
}

extension ServiceKey where Value == any MyItemsService {
  /// The session's own items.
  public static var myItems: Self { Self("myItems") }
}
