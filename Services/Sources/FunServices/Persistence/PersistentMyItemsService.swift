import Foundation
import FunCore
import FunModel

/// The app's ``/FunModel/MyItemsService`` for a profile: your own items, saved to `my-items.json`
/// in the profile's folder in the catalog's own shape, `{"items": [...]}`, oldest first.
///
/// The file follows every state file's rules (see `PersistedState`): read when first needed, a corrupt
/// one moved aside (`my-items.json.corrupt-<timestamp>`) with a warning and an error toast,
/// every change decided under the file's lock from what is saved and written atomically, a
/// failed save kept in memory. A save that would make the file larger than its reader takes is
/// refused (``/FunModel/AppError/stateFileTooLarge(name:limit:)``) and not kept: the file and
/// the items stay as they were, and the form that saved it says why. A file is corrupt too when an item in it breaks the rule of
/// ``/FunModel/MyItemDraft`` (an id that is not a slug, an id twice, an empty title): what
/// this app loads it could have saved.
///
/// Thread-safety: every member may be called from any thread; changes are applied, saved and
/// published in one order. Calls block briefly on file I/O; they never suspend.
///
/// A session service: when its session ends (``scopeDidEnd()``) its change stream finishes and
/// it saves nothing more.
final class PersistentMyItemsService: MyItemsService, ScopedService {
  /// The file name inside the profile's folder.
  static let fileName = "my-items.json"

  private let state: PersistedState<StoredMyItems, [FeaturedItem]>

  /// The items saved in `directory` (which need not exist yet), read when first needed.
  /// - Parameters:
  ///   - directory: the profile's folder (see ``LocalProfilesService``).
  ///   - logger: receives load warnings and save errors, category `my-items`.
  ///   - toasts: shows load and save problems.
  ///   - now: the time source for naming a quarantined file.
  ///   - readCalls: the call that opens the file (tests make it fail as a permission error does).
  ///   - limit: the most bytes the file holds (tests make it small).
  init(
    directory: URL,
    logger: any LoggerService,
    toasts: any ToastService,
    now: @escaping @Sendable () -> Date = { Date() },
    readCalls: FileSystem.ReadCalls = .system,
    limit: Int = FileSystem.stateFileLimit
  ) {
    state = PersistedState(
      file: StateFile(directory: directory, name: Self.fileName, limit: limit, now: now, readCalls: readCalls),
      defaultValue: StoredMyItems(items: []),
      logger: logger,
      toasts: toasts,
      category: "my-items",
      publish: { $0.items }
    )
  }

  /// Your items as this instance knows them, oldest first.
  var items: [FeaturedItem] {
    state.value.items
  }

  /// Saves `draft`, decided under the file's lock from what the file holds: an id another Fun
  /// took meanwhile is refused, so no id is ever saved twice, and so is an edit of an item
  /// another Fun changed or deleted since `original` was read. One that would take the file past
  /// its limit is refused too, and nothing changes.
  func save(_ draft: MyItemDraft, replacing original: FeaturedItem?) throws(AppError) {
    try state.updateOrRefuse { (stored: inout StoredMyItems) throws(AppError) in
      stored.items = try draft.saving(into: stored.items, replacing: original)
    }
  }

  /// Deletes the item `id` (a no-op if absent); saved.
  func delete(_ id: String) {
    state.update { stored in
      stored.items.removeAll { $0.id == id }
    }
  }

  /// The items now, then after every change, in the order the changes were made.
  func changes() -> MulticastStream<[FeaturedItem]>.Subscription {
    state.changes()
  }

  /// Reads `my-items.json` again if another instance saved it since; see `PersistedState`.
  func reloadIfChanged() {
    state.reloadIfChanged()
  }

  /// Finishes the change stream and stops saving: the session has ended.
  func scopeDidEnd() {
    state.close()
  }
}

/// The on-disk shape of your items: the catalog's, so the file is also a catalog `--catalog`
/// reads.
struct StoredMyItems: StateFileObject, Equatable {
  var items: [FeaturedItem]

  init(items: [FeaturedItem]) {
    self.items = items
  }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case items
  }

  static let knownKeys = Set(CodingKeys.allCases.map(\.stringValue))

  /// Decodes the items and holds each to the rule it was saved under; one that breaks it makes
  /// the file corrupt (it is moved aside), never a half-trusted list.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let decoded = try container.decode([FeaturedItem].self, forKey: .items)
    var items: [FeaturedItem] = []
    items.reserveCapacity(decoded.count)
    // The ids so far, so that each item's check is one look-up: a file at the size cap holds
    // about 100,000 items, and scanning the list for each would take minutes.
    var ids = Set<String>(minimumCapacity: decoded.count)
    for (index, item) in decoded.enumerated() {
      do {
        // Exactly the same id twice, not two that differ in case: a file saved before new ids
        // had to differ in more than case still loads.
        let checked = try MyItemDraft(editing: item).item { ids.contains($0) ? .mine($0) : nil }
        ids.insert(checked.id)
        items.append(checked)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .items, in: container, debugDescription: "items[\(index)] \(error.message)")
      }
    }
    self.items = items
  }
}
