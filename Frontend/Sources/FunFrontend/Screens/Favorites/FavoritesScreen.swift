import FunModel
import FunViewModel

/// The Favorites tab: the favorited items, live, then the saved ones this catalog lacks, each
/// by its id; `x` (or `f`, which can only un-favorite here) removes the selected one, and a
/// toast says that `u` undoes it. `u` is the root view's, as on every screen; here its hint
/// leads the line, as the undo is of what this screen's keys do.
@MainActor
final class FavoritesScreen: Screen {
  private let viewModel: FavoritesViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: FavoritesViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.favorites) }

  /// With nothing listed, the list's keys would do nothing: the hints say where items are, by
  /// the number keys of Home and Search in the activity that shows Favorites, as its
  /// declaration orders them.
  func hints(in _: Rect) -> String {
    // Until the catalog has loaded there is nothing to move through, open or remove; only a
    // refresh (a retry) to offer.
    if viewModel.list.status.standsInForRows {
      return strings(L10n.Favorites.hintsWaiting)
    }
    if viewModel.list.status == .empty {
      let (home, search) = Self.numberKeys(of: .home, .search, besideFavoritesIn: Activity.all)
      return strings(L10n.Favorites.hintsEmpty(home: home, search: search))
    }
    return strings(L10n.Favorites.hints)
  }

  var leadsWithUndo: Bool { true }

  /// The number keys of `first` and `second` in the first of `activities` that shows Favorites.
  static func numberKeys(of first: Tab, _ second: Tab, besideFavoritesIn activities: [Activity]) -> (Int, Int) {
    let tabs = activities.first { $0.tabs.contains(.favorites) }?.tabs ?? []
    let key = { (tab: Tab) in (tabs.firstIndex(of: tab) ?? 0) + 1 }
    return (key(first), key(second))
  }

  var itemList: ItemList? { viewModel.list }

  var isBusy: Bool { viewModel.isBusy }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    if CatalogListStatusView.render(viewModel.list, into: &canvas, area: area, strings: strings, theme: theme) {
      return
    }
    // Saved favorites the catalog lacks are rows too: an empty list means none is saved at all.
    if viewModel.list.status == .empty {
      EmptyListView.render(
        L10n.Favorites.empty, hint: L10n.Favorites.emptyHint, into: &canvas, area: area, strings: strings, theme: theme)
      return
    }
    let end = canvas.put(
      text: DisplayWidth.truncate(viewModel.favoritesSummary.map { strings($0) } ?? "", to: area.width),
      at: Point(column: area.column, row: area.row),
      style: theme.dim
    )
    ItemListView.renderPosition(
      of: viewModel.list, into: &canvas, row: area.row, area: area, after: end, strings: strings, theme: theme)
    ItemListView.render(viewModel.list, into: &canvas, area: listArea(in: area), theme: theme, strings: strings)
  }

  /// Where the list goes: below the count line.
  private func listArea(in area: Rect) -> Rect {
    Rect(column: area.column, row: area.row + 1, width: area.width, height: area.height - 1)
  }

  func refresh() -> Bool {
    viewModel.send(.refresh)
    return true
  }

  func keyBindings(in area: Rect) -> KeyBindings {
    let own =
      ItemListView.rowKeys(
        [
          // `f` too: here it can only un-favorite, so it removes as `x` does, with the same undo.
          KeyBinding([.char("x"), .char("f"), .delete], L10n.Help.remove) { self.viewModel.send(.removeSelected) }
        ], of: viewModel.list) + [.refresh(self)]
    let list = ItemListView.keyBindings(list: viewModel.list, rows: listArea(in: area).height, besides: own)
    return KeyBindings([KeyBindings.Section(L10n.Help.sectionList, list + own)])
  }
}
