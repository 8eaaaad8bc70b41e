import FunModel
import Observation

/// An item's detail screen: its text, a live favorite mark, whether it is one of your own,
/// favorite toggle, share and close.
@Observable
@MainActor
public final class DetailViewModel {
  /// The item shown, live from the shared ``CatalogStore``: one of your items edited in Studio
  /// while this page is open shows its new text. Once the catalog no longer has it (you deleted
  /// it), the item as it was opened.
  public var item: FeaturedItem {
    catalog.item(withID: openedItem.id) ?? openedItem
  }

  /// The item as it was when the page was opened (an id alone would leave nothing to show once
  /// it is gone).
  @ObservationIgnored private let openedItem: FeaturedItem

  /// Whether the item is a favorite, live from the shared ``FavoritesStore``.
  public var isFavorite: Bool {
    favorites.contains(item.id)
  }

  /// Whether the loaded catalog no longer has the item (you deleted it in Studio while this
  /// page stayed open): the page says so and `f` adds no favorite for it, though it still
  /// removes a saved one, as the Favorites tab does for a saved id the catalog lacks.
  var isGone: Bool {
    catalog.lacks(openedItem.id)
  }

  /// Whether ``Action/toggleFavorite`` does anything: not on a gone item that is no favorite.
  public var canToggleFavorite: Bool {
    favorites.canToggle(item.id)
  }

  /// What the hints call `f` here ("f unfavorite" on a favorite); `nil` where it does nothing,
  /// and the hints offer no `f`.
  public var favoriteHint: LocalizedText? {
    canToggleFavorite ? FavoritesStore.hint(isFavorite: isFavorite) : nil
  }

  /// Whether the favorites have been read, so that ``isFavorite`` says what is saved: before
  /// that (a link can open the item first) no item is one, and their arrival is no change
  /// anyone made.
  var hasLoadedFavorites: Bool {
    favorites.hasLoaded
  }

  /// Whether the item is in your favorites, in words both views show ("In your favorites",
  /// "Not a favorite", "No longer in this catalog" once a gone item is no favorite either);
  /// `nil` until the favorites have been read, when that is not known.
  public var favoriteState: LocalizedText? {
    guard hasLoadedFavorites else { return nil }
    if isFavorite { return L10n.Detail.inFavorites }
    return isGone ? L10n.Detail.gone : L10n.Detail.notFavorite
  }

  /// Whether the item is one of your own, live from the shared ``CatalogStore``.
  public var isOwn: Bool {
    catalog.isOwn(item.id)
  }

  /// Whether the item has been shared (``Action/share``) since the screen opened.
  public private(set) var hasShared = false

  @ObservationIgnored private let catalog: CatalogStore
  @ObservationIgnored private let favorites: FavoritesStore
  @ObservationIgnored private let toasts: any ToastService
  @ObservationIgnored private let clipboard: any ClipboardService

  /// Creates the screen's model for `item` of `catalog`; sharing offers its text to
  /// `clipboard`.
  public init(
    item: FeaturedItem, catalog: CatalogStore, favorites: FavoritesStore, toasts: any ToastService,
    clipboard: any ClipboardService
  ) {
    openedItem = item
    self.catalog = catalog
    self.favorites = favorites
    self.toasts = toasts
    self.clipboard = clipboard
  }

  /// What the user can do on the detail screen.
  public enum Action: Equatable, Sendable {
    /// Favorites the item, or un-favorites it (a gone item only the latter).
    case toggleFavorite
    /// Shares the item: its text, `<title> — <subtitle> — <link>`, goes to the clipboard, and a
    /// toast says so.
    case share
  }

  /// Does what the user asked of the detail screen.
  public func send(_ action: Action) {
    switch action {
    case .toggleFavorite:
      // A gone item is never made a favorite: one naming nothing would come back with the
      // deleted item's id.
      if canToggleFavorite {
        favorites.toggle(item.id)
      }
    case .share: share()
    }
  }

  /// The item's deep link, `funapp://item/<id>`.
  public var link: String {
    DeepLink.item(id: item.id, tab: nil).url
  }

  private var shareText: String {
    "\(item.title) — \(item.subtitle) — \(link)"
  }

  /// The toast says the text was copied only when the clipboard took the offer, and then only
  /// "if your terminal allows it": a terminal never says whether it did.
  private func share() {
    let text = shareText
    hasShared = true
    let copied = clipboard.copy(text)
    toasts.show(.info(copied ? L10n.Detail.sharedCopiedToast(item.title) : L10n.Detail.sharedToast(item.title)))
  }
}
