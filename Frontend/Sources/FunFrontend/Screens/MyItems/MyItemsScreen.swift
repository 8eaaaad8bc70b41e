import FunModel
import FunViewModel

/// Studio's My items tab: how many items of your own there are, then the list (each row as
/// every list draws it); a guest is told, first, that the items are not saved. With no
/// items it says how to write one. `n` writes a new item, `e` or Enter edits the selected one,
/// `d` deletes it after a question.
@MainActor
final class MyItemsScreen: Screen {
  private let viewModel: MyItemsViewModel
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: MyItemsViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var boundViewModel: AnyObject? { viewModel }

  var title: String { strings(L10n.Tab.myItems) }

  /// With nothing listed, only `n` does something; `f` is named for what it does to the
  /// selected item: on a favorite it unfavorites.
  func hints(in _: Rect) -> String {
    if isEmpty { return strings(L10n.MyItems.hintsEmpty) }
    return strings(L10n.MyItems.hints(viewModel.list.favoriteHint))
  }

  var itemList: ItemList? { viewModel.list }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    var row = area.row
    if let note = viewModel.unsavedNote {
      TextWrap.put(strings(note), into: &canvas, area: area, row: &row, style: theme.accent)
    }
    if isEmpty {
      // Below a guest's note, in the room the note leaves (the blank line before the hint goes
      // first where it is short).
      EmptyListView.render(
        L10n.MyItems.empty, hint: L10n.MyItems.emptyHint, into: &canvas,
        area: Rect(column: area.column, row: row, width: area.width, height: area.row + area.height - row),
        strings: strings, theme: theme)
      return
    }
    let end = canvas.put(
      text: DisplayWidth.truncate(strings(L10n.MyItems.heading(viewModel.list.rows.count)), to: area.width),
      at: Point(column: area.column, row: row), style: theme.dim)
    ItemListView.renderPosition(
      of: viewModel.list, into: &canvas, row: row, area: area, after: end, strings: strings, theme: theme)
    ItemListView.render(viewModel.list, into: &canvas, area: listArea(in: area), theme: theme, strings: strings)
  }

  /// Whether there are no items of your own to list. From the rows, not the list's `status` as
  /// every other list tab decides: your items are there before the catalog is
  /// (`showsCatalogStatus` is off), so a catalog still loading or failed lists them all the same.
  private var isEmpty: Bool {
    viewModel.list.rows.isEmpty
  }

  /// Where the list goes: below the guest's note (if any) and the count line.
  private func listArea(in area: Rect) -> Rect {
    let top = 1 + guestNoteLines(width: area.width)
    return Rect(column: area.column, row: area.row + top, width: area.width, height: max(area.height - top, 0))
  }

  /// The lines the guest's note takes at `width`: none for a profile's items.
  private func guestNoteLines(width: Int) -> Int {
    guard let note = viewModel.unsavedNote else { return 0 }
    return TextWrap.lines(strings(note), width: width).count
  }

  func keyBindings(in area: Rect) -> KeyBindings {
    let own =
      [KeyBinding([.char("n")], L10n.Help.newItem) { self.viewModel.send(.newItem) }]
      + ItemListView.rowKeys(
        [
          KeyBinding([.char("e"), .enter], L10n.Help.editItem) { self.viewModel.send(.editSelected) },
          KeyBinding([.char("d"), .delete], L10n.Help.deleteItem) { self.viewModel.send(.deleteSelected) },
        ], of: viewModel.list)
    let list = ItemListView.keyBindings(list: viewModel.list, rows: listArea(in: area).height, besides: own)
    return KeyBindings([KeyBindings.Section(L10n.Help.sectionMyItems, own + list)])
  }
}
