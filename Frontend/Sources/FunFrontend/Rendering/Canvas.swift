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
/// Drawing code also marks what a click on a region means (``mark(_:as:)``), and every
/// overlay's ``clear(_:style:)`` hides the marks under it, so ``target(at:)`` answers from the
/// very layout that was drawn, with no second copy of any coordinate.
///
/// Value semantics; `Sendable`.
public struct Canvas: Hashable, Sendable {
  /// What replaces a grapheme that holds a control character.
  public static let replacement: Character = "\u{FFFD}"

  /// The number of columns and rows.
  public let size: TerminalSize
  private var cells: [Cell]
  /// The marked regions in drawing order; a `nil` target is an overlay that hides the marks
  /// before it. Not part of equality: two canvases are equal when they look the same.
  private var regions: [Region] = []

  private struct Region: Sendable {
    let rect: Rect
    let target: MouseTarget?
  }

  public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
    lhs.size == rhs.size && lhs.cells == rhs.cells
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(cells)
  }

  /// A blank canvas of `size`, every cell a space drawn with `style`.
  public init(size: TerminalSize, style: Style = .plain) {
    self.size = size
    cells = Array(repeating: .blank(style), count: size.columns * size.rows)
  }

  /// The number of columns.
  public var columns: Int { size.columns }

  /// The number of rows.
  public var rows: Int { size.rows }

  /// The cell at `point`, or `nil` outside the canvas.
  public func cell(at point: Point) -> Cell? {
    contains(point) ? cells[index(point)] : nil
  }

  /// Draws `text` on one row starting at `point`, clipped to the canvas, and returns the
  /// column just after it (as if nothing had been clipped), so pieces can be chained.
  ///
  /// `style` is ink on what is there: a `nil` colour keeps the colour underneath, and its
  /// attributes add to those underneath. `text` should be one line of sanitised text; a line
  /// break in it shows as U+FFFD.
  @discardableResult
  public mutating func put(text: String, at point: Point, style: Style = .plain) -> Int {
    draw(text, at: point) { style.painted(over: $0) }
  }

  /// Fills the part of `rect` inside the canvas with `grapheme` (a space by default) drawn in
  /// `style`, which replaces the attributes there; a `nil` colour keeps the colour underneath.
  public mutating func fill(_ rect: Rect, with grapheme: Character = " ", style: Style) {
    fill(rect, with: grapheme) { style.filled(over: $0) }
  }

  /// Makes the part of `rect` inside the canvas blank cells in exactly `style`: nothing that
  /// was there shows through, not even a colour, and a `nil` colour is the terminal's default.
  /// The way an overlay (a box, a sheet, the bottom line) starts, so it looks the same over
  /// whatever the screen drew.
  public mutating func clear(_ rect: Rect, style: Style) {
    fill(rect, with: " ") { _ in style }
    regions.append(Region(rect: rect, target: nil))
  }

  /// Records that a click inside `rect` means `target`; a later mark or overlay over the same
  /// cells wins, as later drawing does.
  public mutating func mark(_ rect: Rect, as target: MouseTarget) {
    regions.append(Region(rect: rect, target: target))
  }

  /// What a click at `point` means: the last mark drawn there, unless an overlay covers it.
  public func target(at point: Point) -> MouseTarget? {
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
  public mutating func fill(style: Style) {
    fill(Rect(column: 0, row: 0, width: columns, height: rows), style: style)
  }

  /// Row `row` as text: the graphemes left to right, trailing spaces removed; "" outside the
  /// canvas.
  public func line(_ row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    let rowCells = cells[row * columns..<(row + 1) * columns]
    guard let last = rowCells.lastIndex(where: { $0.grapheme != " " }) else { return "" }
    var text = ""
    for cell in rowCells[..<(last + 1)] where !cell.isContinuation {
      text.append(cell.grapheme)
    }
    return text
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
        write(.blank(restyle(cells[index(edge)].style)), at: edge)
        continue
      }
      let position = Point(column: start, row: point.row)
      let style = restyle(cells[index(position)].style)
      write(Cell(grapheme: safe, style: style), at: position)
      if width == 2 {
        write(Cell(grapheme: " ", style: style, isContinuation: true), at: Point(column: start + 1, row: point.row))
      }
    }
    return column
  }

  private func contains(_ point: Point) -> Bool {
    point.column >= 0 && point.column < columns && point.row >= 0 && point.row < rows
  }

  private func index(_ point: Point) -> Int {
    point.row * columns + point.column
  }

  /// Stores `cell`, blanking the other half of any wide character it cuts through.
  private mutating func write(_ cell: Cell, at point: Point) {
    let position = index(point)
    let old = cells[position]
    if old.isContinuation, !cell.isContinuation, point.column > 0 {
      cells[position - 1] = .blank(cells[position - 1].style)
    }
    if !old.isContinuation, point.column + 1 < columns, cells[position + 1].isContinuation {
      cells[position + 1] = .blank(cells[position + 1].style)
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
