import FunModel
import FunViewModel
import Observation

/// Studio's Sources tab: one line each for where the catalog comes from (its path or URL, cut
/// to ``locationWidth`` columns), the copy saved on disk (only once there is one), its last load
/// (or how far the first has come), the offline copy in use (if one is) or the damaged one set
/// aside, and its last error or why the offline copy stands in, and `r` to load it again.
///
/// Every line wraps; under its heading the text scrolls as Detail's description does where it
/// is longer than its room (40x12, a long reason): a position on the heading's line, a scroll
/// bar, and the scroll keys, bound and offered only then. Observable, because the scroll
/// position is view state this screen owns.
@Observable
@MainActor
final class SourcesScreen: Screen {
  @ObservationIgnored private let viewModel: SourcesViewModel
  var boundViewModel: AnyObject? { viewModel }
  @ObservationIgnored private let strings: Localizer

  /// How many lines are scrolled off the top. The scroll keys keep it within what the layout
  /// allows; render clamps its own copy, because a resize or a shorter status can lower that
  /// limit without a key.
  private var scrollOffset = 0

  /// Binds the screen to its ViewModel; its text is resolved with `strings`.
  init(viewModel: SourcesViewModel, strings: Localizer) {
    self.viewModel = viewModel
    self.strings = strings
  }

  /// The most columns a path or URL takes: enough to tell it, and the line's words still fit a
  /// standard terminal beside it.
  static let locationWidth = 40

  var title: String { strings(L10n.Tab.sources) }

  /// The hints without the scroll keys: whether they do anything depends on the size, which
  /// only ``hints(in:)`` knows.
  private var hintsWithoutScrolling: String { strings(L10n.Sources.hints) }

  /// The scroll keys are offered only while the text is longer than its room in `area`, as
  /// ``keyBindings(in:)`` binds them.
  func hints(in area: Rect) -> String {
    layout(in: area).scrolls ? strings(L10n.Sources.hintsScrolling) : hintsWithoutScrolling
  }

  var isBusy: Bool { viewModel.isBusy }

  func render(into canvas: inout Canvas, area: Rect, theme: Theme) {
    guard area.height > 0, area.width > 0 else { return }
    let layout = layout(in: area)
    let heading = DisplayWidth.truncate(strings(L10n.Sources.catalog), to: area.width)
    let headingEnd = canvas.put(text: heading, at: Point(column: area.column, row: area.row), style: theme.title)
    let offset = min(scrollOffset, layout.maximumOffset)
    let visible = layout.lines.dropFirst(offset).prefix(layout.room)
    for (row, line) in zip(layout.top..., visible) {
      switch line {
      case .text(let text, let style):
        canvas.put(text: text, at: Point(column: area.column, row: row), style: theme[keyPath: style])
      case .bar(let fraction):
        LoadProgressView.renderBar(
          fraction, into: &canvas, column: area.column, row: row, width: layout.width, theme: theme)
      case .blank:
        break
      }
    }
    guard layout.scrolls else { return }
    let position = ScrollBar.positionLabel(
      first: offset + 1, last: offset + visible.count, total: layout.lines.count,
      room: area.width - DisplayWidth.of(heading), strings: strings)
    ScrollBar.renderPosition(position, into: &canvas, row: area.row, area: area, after: headingEnd, theme: theme)
    ScrollBar.render(
      into: &canvas, column: area.column + area.width - 1, top: layout.top, rows: layout.room,
      total: layout.lines.count, first: offset, visible: layout.room, theme: theme)
  }

  /// The lines under the heading in `area`, wrapped: what render draws and what the hints, the
  /// key table and the scroll keys ask whether it scrolls and how far.
  private func layout(in area: Rect) -> SourcesLayout {
    SourcesLayout(paragraphs: paragraphs, in: area)
  }

  /// The status as paragraphs, each with its style, in the order they show: the ViewModel's
  /// lines (the reader says the same, the first load's progress too), the progress's bar under
  /// its text, as Home shows it, and how to load again.
  private var paragraphs: [SourcesLayout.Paragraph] {
    var paragraphs: [SourcesLayout.Paragraph] = []
    for line in viewModel.statusLines(location: Self.location) {
      let style: KeyPath<Theme, Style>
      switch line.kind {
      case .fact, .notLoaded: style = \.text
      case .problem: style = \.toastError
      case .noError: style = \.dim
      case .progress:
        paragraphs.append(.progress(strings(line.text), viewModel.progress.flatMap(LoadProgressView.fraction)))
        continue
      }
      paragraphs.append(.text(strings(line.text), style))
    }
    return paragraphs + [.blank, .text(strings(L10n.Sources.refreshHint), \.dim)]
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

  func refresh() -> Bool {
    viewModel.send(.refresh)
    return true
  }

  /// `r` refreshes; the scroll keys are bound only while the text is longer than its room in
  /// `area` (the layout the hints ask too), so help lists them exactly when the hints offer them.
  func keyBindings(in area: Rect) -> KeyBindings {
    var bindings: [KeyBinding] = [.refresh(self)]
    let layout = layout(in: area)
    if layout.scrolls {
      bindings += KeyBinding.scrolling(page: layout.room, total: layout.lines.count) { lines in
        self.scroll(in: area, by: lines)
      }
    }
    return KeyBindings([KeyBindings.Section(L10n.Help.sectionSources, bindings)])
  }

  /// Moves the text by `lines` (negative: up), kept between the top and the last offset the
  /// layout in `area` allows.
  private func scroll(in area: Rect, by lines: Int) {
    let maximumOffset = layout(in: area).maximumOffset
    let offset = KeyBinding.scrolledOffset(from: scrollOffset, by: lines, maximum: maximumOffset)
    // At either end nothing moves; not writing the same value spares a redraw.
    if offset != scrollOffset {
      scrollOffset = offset
    }
  }
}

/// Where the Sources text goes under its heading: its paragraphs wrapped to the body's width,
/// or, where they are longer than the rows under the heading, two columns narrower (a gap and
/// the scroll bar), as Detail's description is.
private struct SourcesLayout {
  /// A paragraph of the status.
  enum Paragraph {
    /// Text in a style of the theme.
    case text(String, KeyPath<Theme, Style>)
    /// The first load's progress: its text, and its bar where the share done is known.
    case progress(String, Double?)
    /// A blank line.
    case blank
  }

  /// A line as drawn.
  enum Line {
    case text(String, KeyPath<Theme, Style>)
    case bar(Double)
    case blank
  }

  /// The first row under the heading.
  let top: Int
  /// How many rows there are under the heading.
  let room: Int
  /// The width the lines are wrapped to.
  let width: Int
  /// The lines, wrapped.
  let lines: [Line]
  /// Whether the lines are more than the room: then they scroll.
  let scrolls: Bool

  /// The layout of `paragraphs` in the body `area`, whose first row is the heading's.
  init(paragraphs: [Paragraph], in area: Rect) {
    top = area.row + 1
    room = max(area.height - 1, 0)
    func wrapped(width: Int) -> [Line] {
      paragraphs.flatMap { paragraph -> [Line] in
        switch paragraph {
        case .text(let text, let style):
          TextWrap.lines(TextSanitizer.sanitize(text), width: width).map { .text($0, style) }
        case .progress(let text, let fraction):
          TextWrap.lines(text, width: width).map { .text($0, \.dim) } + (fraction.map { [.bar($0)] } ?? [])
        case .blank:
          [.blank]
        }
      }
    }
    let full = wrapped(width: area.width)
    scrolls = full.count > room
    width = scrolls ? max(area.width - 2, 1) : area.width
    lines = scrolls ? wrapped(width: width) : full
  }

  /// The largest scroll offset: the one that shows the last line at the bottom of the room.
  var maximumOffset: Int {
    max(lines.count - room, 0)
  }
}
