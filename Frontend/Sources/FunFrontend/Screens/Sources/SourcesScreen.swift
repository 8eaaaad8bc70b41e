import FunModel
import FunViewModel

/// Studio's Sources tab: one line each for where the catalog comes from (its path or URL, cut
/// to ``locationWidth`` columns), the copy saved on disk (only once there is one), its last load
/// (or how far the first has come), the offline copy in use (if one is) or the damaged one set
/// aside, and its last error or why the offline copy stands in, and `r` to load it again.
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

  /// The most columns a path or URL takes: enough to tell it, and the line's words still fit a
  /// standard terminal beside it.
  static let locationWidth = 40

  var title: String { strings(L10n.Tab.sources) }

  var hints: String { strings(L10n.Sources.hints) }

  var isBusy: Bool { viewModel.isLoading }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    let status = viewModel.status
    let source: LocalizedText =
      switch status.source {
      case .bundled: L10n.Sources.fromBundled
      case .file(let path): L10n.Sources.fromFile(Self.location(path))
      case .http(let url): L10n.Sources.fromHTTP(Self.location(url))
      }
    var rows: [(LocalizedText, Style)] = [(L10n.Sources.catalog, theme.title), (source, theme.text)]
    // Only a load (a download, or the copy itself) means a copy is on disk: a first load that
    // failed left none. Offline, the offline line says it, and the reason needs the room.
    if case .http = status.source, status.loadedAt != nil, status.offlineCopy == nil {
      rows.append((L10n.Sources.savedCopy, theme.text))
    }
    rows.append(
      (
        status.loadedAt.map { L10n.Sources.loaded(date: $0, count: status.itemCount) } ?? L10n.Sources.notLoaded,
        theme.text
      ))
    if let copy = status.offlineCopy {
      rows.append((L10n.Sources.offlineCopy(copy), theme.text))
    }
    // Why no copy stood in: its toast is soon replaced by the failed load's.
    switch status.savedCopyProblem {
    case .corruptStateFile(_, let movedTo)?, .unsafeStateFile(_, _, let movedTo)?:
      rows.append((L10n.Sources.setAside(Self.fileName(movedTo)), theme.toastError))
    case let problem?:
      rows.append((L10n.Sources.savedCopyUnusable(problem.text), theme.toastError))
    case nil:
      break
    }
    let error = status.lastError.map { L10n.Sources.lastError($0.text) } ?? L10n.Sources.noError
    rows += [
      (error, status.lastError == nil ? theme.dim : theme.toastError),
      (L10n.Sources.reloadHint, theme.dim),
    ]
    let bottom = area.row + area.height
    var row = area.row
    for (index, (text, style)) in rows.enumerated() {
      if index == rows.count - 1 { row += 1 }
      for line in TextWrap.lines(TextSanitizer.sanitize(strings(text)), width: area.width, limit: bottom - row) {
        canvas.put(text: line, at: Point(column: area.column, row: row), style: style)
        row += 1
      }
      // The first load's progress goes under "Not loaded yet", as Home shows it.
      if text == L10n.Sources.notLoaded, let progress = viewModel.progress {
        row += LoadProgressView.render(
          progress, into: &canvas, column: area.column, row: row, width: area.width, rows: bottom - row,
          strings: strings, theme: theme)
      }
    }
  }

  /// The last part of `path`, whole (it is what to look for): the folder is the state folder.
  private static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// `location` with what could move the cursor made visible, cut in the middle to
  /// ``locationWidth`` columns: its start (the scheme and host, or the first folders) and its
  /// end (the file's name) both show.
  static func location(_ location: String) -> String {
    let clean = TextSanitizer.sanitize(location)
    guard DisplayWidth.of(clean) > locationWidth else { return clean }
    let head = DisplayWidth.truncate(clean, to: locationWidth / 2)
    return head + TextWrap.tail(clean, width: locationWidth - DisplayWidth.of(head))
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
