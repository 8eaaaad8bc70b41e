/// A frame: a grid of styled cells that a screen draws into and a ``Renderer`` turns into
/// terminal output.
///
/// Screens are pure functions from state to a canvas; nothing here touches a terminal. Drawing
/// clips at the edges and keeps wide characters whole: one cut by an edge shows as a blank in
/// its style, and overwriting half of one blanks the other half. Zero-width graphemes with
/// nothing to attach to are dropped. A grapheme containing a control character (C0, C1, DEL,
/// bidi control) is stored as U+FFFD, so a canvas can never make a terminal act on its content:
/// sanitise data with ``TextSanitizer`` first to show it cleanly.
///
/// ``plainText`` is the frame as a person reads it, for script mode and tests.
///
/// Drawing code also marks what a click on a region means (`mark(_:as:)`), and every
/// overlay's `clear(_:style:)` hides the marks under it, so `target(at:)` answers from the
/// very layout that was drawn, with no second copy of any coordinate.
///
/// Value semantics; `Sendable`.
public struct Canvas: Hashable, Sendable {
  /// What replaces a grapheme that holds a control character.
  static let replacement: Character = "\u{FFFD}"

  /// The number of columns and rows.
  let size: TerminalSize
  /// Every cell, row by row, as a plain value: making, copying, drawing over and dropping a
  /// frame involves no reference counting, which would be a third of a frame's time.
  private var cells: [StoredCell]
  /// The graphemes of more than one scalar (a letter with a combining mark, an emoji
  /// sequence), by cell index: rare, so kept aside.
  private var clusters: [Int: Character] = [:]
  /// The marked regions in drawing order; a `nil` target is an overlay that hides the marks
  /// before it. Not part of equality: two canvases are equal when they look the same.
  private var regions: [Region] = []

  /// The hyperlinked regions in drawing order; a `nil` address is an overlay that hides the
  /// links before it. Part of equality: a link changes what the terminal receives.
  private var links: [LinkRegion] = []

  private struct Region: Sendable {
    let rect: Rect
    let target: MouseTarget?
  }

  private struct LinkRegion: Hashable, Sendable {
    let rect: Rect
    let address: String?
  }

  public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
    lhs.size == rhs.size && lhs.cells == rhs.cells && lhs.clusters == rhs.clusters && lhs.links == rhs.links
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(cells)
    hasher.combine(clusters)
    hasher.combine(links)
  }

  /// A blank canvas of `size`, every cell a space drawn with `style`.
  init(size: TerminalSize, style: Style = .plain) {
    self.size = size
    cells = Array(repeating: StoredCell(scalar: StoredCell.space, style: style), count: size.columns * size.rows)
  }

  /// The number of columns.
  var columns: Int { size.columns }

  /// The number of rows.
  var rows: Int { size.rows }

  /// The cell at `point`, or `nil` outside the canvas.
  func cell(at point: Point) -> Cell? {
    guard contains(point) else { return nil }
    let position = index(point)
    let stored = cells[position]
    return Cell(grapheme: grapheme(at: position), style: stored.style, isContinuation: stored.isContinuation)
  }

  /// Draws `text` on one row starting at `point`, clipped to the canvas, and returns the
  /// column just after it (as if nothing had been clipped), so pieces can be chained.
  ///
  /// `style` is ink on what is there: a `nil` colour keeps the colour underneath, and its
  /// attributes add to those underneath. `text` should be one line of sanitised text; a line
  /// break in it shows as U+FFFD.
  @discardableResult
  mutating func put(text: String, at point: Point, style: Style = .plain) -> Int {
    draw(text, at: point) { style.painted(over: $0) }
  }

  /// Fills the part of `rect` inside the canvas with `grapheme` (a space by default) drawn in
  /// `style`, which replaces the attributes there; a `nil` colour keeps the colour underneath.
  mutating func fill(_ rect: Rect, with grapheme: Character = " ", style: Style) {
    fill(rect, with: grapheme) { style.filled(over: $0) }
  }

  /// Makes the part of `rect` inside the canvas blank cells in exactly `style`: nothing that
  /// was there shows through, not even a colour, and a `nil` colour is the terminal's default.
  /// The way an overlay (a box, a sheet, the bottom line) starts, so it looks the same over
  /// whatever the screen drew.
  mutating func clear(_ rect: Rect, style: Style) {
    fill(rect, with: " ") { _ in style }
    regions.append(Region(rect: rect, target: nil))
    if !links.isEmpty {
      links.append(LinkRegion(rect: rect, address: nil))
    }
  }

  /// Makes the text drawn in `rect` a hyperlink to `url` (OSC 8, where the terminal takes
  /// them): a click on it opens the address in the terminal's way. The address is sanitised
  /// (``Hyperlink``); one that cannot be a link is not recorded. A later overlay hides it.
  mutating func link(_ rect: Rect, to url: String) {
    guard let address = Hyperlink.sanitized(url) else { return }
    links.append(LinkRegion(rect: rect, address: address))
  }

  /// Whether any cell is a hyperlink.
  var hasLinks: Bool {
    links.contains { $0.address != nil }
  }

  /// The address the cell at `point` links to, if any: the last link drawn there, unless an
  /// overlay covers it.
  func link(at point: Point) -> String? {
    links.last { $0.rect.contains(point) }?.address
  }

  /// Gives the part of `rect` inside the canvas exactly `style`, keeping what is written there:
  /// the screen behind a sheet recedes (no selection bar, no colour) while its text still
  /// says where the sheet came from.
  mutating func recede(_ rect: Rect, style: Style) {
    let firstRow = max(0, rect.row)
    let endRow = min(rows, rect.row + rect.height)
    let firstColumn = max(0, rect.column)
    let endColumn = min(columns, rect.column + rect.width)
    guard firstRow < endRow, firstColumn < endColumn else { return }
    for row in firstRow..<endRow {
      for column in firstColumn..<endColumn {
        cells[index(Point(column: column, row: row))].style = style
      }
    }
  }

  /// Records that a click inside `rect` means `target`; a later mark or overlay over the same
  /// cells wins, as later drawing does.
  mutating func mark(_ rect: Rect, as target: MouseTarget) {
    regions.append(Region(rect: rect, target: target))
  }

  /// Makes `rect` take no click, keeping what is drawn there: the marks before it are hidden,
  /// as an overlay's ``clear(_:style:)`` hides them. Behind a modal sheet nothing acts.
  mutating func unmark(_ rect: Rect) {
    regions.append(Region(rect: rect, target: nil))
  }

  /// What a click at `point` means: the last mark drawn there, unless an overlay covers it.
  func target(at point: Point) -> MouseTarget? {
    regions.last { $0.rect.contains(point) }?.target
  }

  private mutating func fill(_ rect: Rect, with grapheme: Character, restyle: (Style) -> Style) {
    let firstRow = max(0, rect.row)
    let endRow = min(rows, rect.row + rect.height)
    let firstColumn = max(0, rect.column)
    let endColumn = min(columns, rect.column + rect.width)
    guard firstRow < endRow, firstColumn < endColumn else { return }
    let safeGrapheme = Self.safe(grapheme)
    let unit: Character = DisplayWidth.of(safeGrapheme) == 0 ? " " : safeGrapheme
    if DisplayWidth.of(unit) == 1 {
      // Most fills (backgrounds, overlays, the selection bar): one cell a column, in place.
      for row in firstRow..<endRow {
        for column in firstColumn..<endColumn {
          let point = Point(column: column, row: row)
          write(unit, style: restyle(cells[index(point)].style), at: point)
        }
      }
      return
    }
    let text = String(repeating: String(unit), count: (endColumn - firstColumn) / DisplayWidth.of(unit))
    for row in firstRow..<endRow {
      let end = draw(text, at: Point(column: firstColumn, row: row), restyle: restyle)
      if end < endColumn {
        // The odd column left over by a wide fill character.
        draw(" ", at: Point(column: end, row: row), restyle: restyle)
      }
    }
  }

  /// Fills the whole canvas with spaces drawn in `style`: the way a screen sets its background.
  mutating func fill(style: Style) {
    fill(Rect(column: 0, row: 0, width: columns, height: rows), style: style)
  }

  /// Row `row` as text: the graphemes left to right, trailing spaces removed; "" outside the
  /// canvas.
  func line(_ row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    let rowStart = row * columns
    let rowEnd = rowStart + columns
    // A continuation cell reads as a space too, so the last other one ends the text.
    guard let last = cells[rowStart..<rowEnd].lastIndex(where: { $0.scalar != StoredCell.space && !$0.isContinuation })
    else { return "" }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(last + 1 - rowStart)
    for position in rowStart...last {
      let scalar = cells[position].scalar
      switch scalar {
      case StoredCell.continuation:
        continue
      case StoredCell.cluster:
        bytes.append(contentsOf: grapheme(at: position).utf8)
      case ..<0x80:
        bytes.append(UInt8(scalar))
      default:
        if let unicode = Unicode.Scalar(scalar) {
          UTF8.encode(unicode) { bytes.append($0) }
        }
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The whole frame as text, without any style: rows joined by "\n", trailing spaces removed
  /// from each.
  public var plainText: String {
    (0..<rows).map(line).joined(separator: "\n")
  }

  /// Draws `text` from `point` with the style `restyle` makes of the style underneath each
  /// cell; returns the column after the text.
  @discardableResult
  private mutating func draw(_ text: String, at point: Point, restyle: (Style) -> Style) -> Int {
    var column = point.column
    guard point.row >= 0, point.row < rows else {
      return column + DisplayWidth.of(text)
    }
    if text.utf8.allSatisfy(Self.isPrintableASCII) {
      return drawPrintableASCII(text, at: point, restyle: restyle)
    }
    for grapheme in text {
      let safe = Self.safe(grapheme)
      let width = DisplayWidth.of(safe)
      guard width > 0 else { continue }
      let start = column
      column += width
      guard start < columns, start + width > 0 else { continue }
      if start < 0 || start + width > columns {
        // Half of a wide character at an edge: show the background it would have had.
        let edge = Point(column: max(0, start), row: point.row)
        write(" ", style: restyle(cells[index(edge)].style), at: edge)
        continue
      }
      let position = Point(column: start, row: point.row)
      let style = restyle(cells[index(position)].style)
      write(safe, style: style, at: position)
      if width == 2 {
        writeContinuation(style: style, at: Point(column: start + 1, row: point.row))
      }
    }
    return column
  }

  /// ``draw(_:at:restyle:)`` for text of printable ASCII only, most of any frame: one column a
  /// byte, nothing to make safe, no grapheme breaking and no wide character to keep whole.
  private mutating func drawPrintableASCII(_ text: String, at point: Point, restyle: (Style) -> Style) -> Int {
    var column = point.column
    for byte in text.utf8 {
      defer { column += 1 }
      guard column >= 0, column < columns else { continue }
      let position = Point(column: column, row: point.row)
      store(StoredCell(scalar: UInt32(byte), style: restyle(cells[index(position)].style)), at: position)
    }
    return column
  }

  private static func isPrintableASCII(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F
  }

  private func contains(_ point: Point) -> Bool {
    point.column >= 0 && point.column < columns && point.row >= 0 && point.row < rows
  }

  private func index(_ point: Point) -> Int {
    point.row * columns + point.column
  }

  /// The grapheme of the cell at `position`: a space for a continuation cell.
  private func grapheme(at position: Int) -> Character {
    switch cells[position].scalar {
    case StoredCell.continuation: " "
    case StoredCell.cluster: clusters[position] ?? " "
    case let scalar: Unicode.Scalar(scalar).map(Character.init) ?? Self.replacement
    }
  }

  /// Stores `grapheme` (already safe) in `style` at `point`.
  private mutating func write(_ grapheme: Character, style: Style, at point: Point) {
    let scalars = grapheme.unicodeScalars
    if let only = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      store(StoredCell(scalar: only.value, style: style), at: point)
    } else {
      store(StoredCell(scalar: StoredCell.cluster, style: style), at: point)
      clusters[index(point)] = grapheme
    }
  }

  /// Makes the cell at `point` the right half of the wide character to its left.
  private mutating func writeContinuation(style: Style, at point: Point) {
    store(StoredCell(scalar: StoredCell.continuation, style: style), at: point)
  }

  /// Stores `cell`, blanking the other half of any wide character it cuts through.
  private mutating func store(_ cell: StoredCell, at point: Point) {
    let position = index(point)
    let old = cells[position]
    if old.isContinuation, !cell.isContinuation, point.column > 0 {
      replace(position - 1, with: StoredCell(scalar: StoredCell.space, style: cells[position - 1].style))
    }
    if !old.isContinuation, point.column + 1 < columns, cells[position + 1].isContinuation {
      replace(position + 1, with: StoredCell(scalar: StoredCell.space, style: cells[position + 1].style))
    }
    replace(position, with: cell)
  }

  /// Puts `cell` at `position`, forgetting the grapheme cluster that was there, if any.
  private mutating func replace(_ position: Int, with cell: StoredCell) {
    if cells[position].scalar == StoredCell.cluster {
      clusters[position] = nil
    }
    cells[position] = cell
  }

  /// `grapheme`, or U+FFFD when it holds anything a terminal would act on.
  private static func safe(_ grapheme: Character) -> Character {
    if let ascii = grapheme.asciiValue {
      // Most of any frame; a printable ASCII character is safe as it is.
      return ascii >= 0x20 && ascii != 0x7F ? grapheme : replacement
    }
    return grapheme.unicodeScalars.contains(where: TextSanitizer.isTerminalControl) ? replacement : grapheme
  }
}

/// A cell as a canvas keeps it: a trivial value, unlike ``Cell``, whose `Character` is
/// reference-counted.
private struct StoredCell: Hashable, Sendable {
  /// A space.
  static let space: UInt32 = 0x20
  /// The mark of the right half of a wide character (no scalar is this large).
  static let continuation = UInt32.max
  /// The mark of a grapheme of several scalars, kept in `Canvas.clusters`.
  static let cluster = UInt32.max - 1

  /// The grapheme's only scalar, or one of the marks above.
  var scalar: UInt32
  /// How the cell looks.
  var style: Style

  var isContinuation: Bool {
    scalar == Self.continuation
  }
}
