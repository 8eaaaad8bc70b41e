import FunModel
import FunViewModel

/// Studio's Sources tab: one line each for where the catalog comes from, its last load, the
/// offline copy in use (if one is), and its last error, and `r` to load it again.
@MainActor
final class SourcesScreen: KeyBoundScreen {
  private let viewModel: SourcesViewModel
  var boundViewModel: AnyObject? { viewModel }
  private let strings: Localizer

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: SourcesViewModel, strings: Localizer = .base) {
    self.viewModel = viewModel
    self.strings = strings
  }

  var title: String { strings(L10n.Tab.sources) }

  var hints: String { strings(L10n.Sources.hints) }

  var isBusy: Bool { viewModel.isLoading }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let status = viewModel.status
    let source: LocalizedText =
      switch status.source {
      case .bundled: L10n.Sources.fromBundled
      case .file: L10n.Sources.fromFile
      case .http: L10n.Sources.fromHTTP
      }
    let loaded =
      status.loadedAt.map { L10n.Sources.loaded(date: $0, count: status.itemCount) } ?? L10n.Sources.notLoaded
    let error = status.lastError.map { L10n.Sources.lastError($0.text) } ?? L10n.Sources.noError
    var rows: [(LocalizedText, Style)] = [
      (L10n.Sources.catalog, theme.title),
      (source, theme.text),
      (loaded, theme.text),
    ]
    if let copy = status.offlineCopy {
      rows.append((L10n.Sources.offlineCopy(copy), theme.text))
    }
    rows += [
      (error, status.lastError == nil ? theme.dim : theme.toastError),
      (L10n.Sources.reloadHint, theme.dim),
    ]
    var row = area.row
    for (index, (text, style)) in rows.enumerated() {
      if index == rows.count - 1 { row += 1 }
      for line in TextWrap.lines(
        TextSanitizer.sanitize(strings(text)), width: area.width, limit: area.row + area.height - row)
      {
        canvas.put(text: line, at: Point(column: area.column, row: row), style: style)
        row += 1
      }
    }
  }

  func keyBindings(in _: Rect) -> KeyBindings {
    KeyBindings([
      KeyBindings.Section(
        L10n.Help.sectionSources, [KeyBinding([.char("r")], L10n.Help.reload) { self.viewModel.send(.reload) }])
    ])
  }

  func refresh() {
    viewModel.send(.reload)
  }
}
