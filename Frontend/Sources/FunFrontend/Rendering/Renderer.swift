/// Turns successive canvases into the terminal bytes that change the screen from one frame
/// to the next.
///
/// The first frame, a frame of a new size and the first frame after `invalidate()` clear the
/// screen and draw everything that is not blank; every other frame writes only the cells that
/// changed, so an unchanged frame costs nothing and a one-character change costs a cursor move,
/// perhaps a style change, and the character. On a row, the cursor moves with the shortest of
/// absolute positioning, a relative move, or rewriting the few unchanged cells in between.
/// Styles are changed with the shortest SGR sequence and reset at the end of each frame, so the
/// terminal is left in its default style between frames.
///
/// The renderer keeps no secret from the terminal except what it drew last: if anything else
/// writes to the screen, call `invalidate()`. After a grapheme whose width terminals disagree
/// on (emoji, clusters of several scalars) it positions the cursor explicitly again, so one
/// disagreement never shifts the rest of a row.
///
/// `support` is enforced here: with ``StyleSupport/attributesOnly`` no colour code is ever
/// written, with ``StyleSupport/none`` no SGR sequence at all.
///
/// Every frame that writes anything is one synchronized update (DEC private mode 2026): its
/// bytes begin with `CSI ?2026h` and end with `CSI ?2026l`, so a terminal that knows the mode
/// shows the whole frame at once, never half of one, and one that does not ignores both. The
/// canvas's hyperlinks (`Canvas.link(_:to:)`) go out as OSC 8 around their cells, unless
/// `hyperlinks` is off (``StyleSupport/none`` turns it off too: a dumb terminal takes no
/// sequence at all).
///
/// A value type; confine each renderer to one terminal and one task.
public struct Renderer: Sendable {
  /// How much styling reaches the terminal.
  let support: StyleSupport
  /// Whether hyperlinks are written (OSC 8).
  let hyperlinks: Bool
  private var previous: Canvas?
  /// Where the terminal's cursor is, or `nil` when it is not known for sure.
  private var cursor: Point?

  /// Creates a renderer whose first frame is a full redraw.
  public init(support: StyleSupport = .full) {
    self.init(support: support, hyperlinks: true)
  }

  /// Creates a renderer whose first frame is a full redraw; with `hyperlinks` off, links are
  /// drawn as plain text.
  init(support: StyleSupport, hyperlinks: Bool) {
    self.support = support
    self.hyperlinks = hyperlinks && support != .none
  }

  /// Starts a synchronized update (DEC private mode 2026): the terminal holds what follows…
  static let beginSynchronizedUpdate = Array("\u{1B}[?2026h".utf8)
  /// …and shows it all at once here.
  static let endSynchronizedUpdate = Array("\u{1B}[?2026l".utf8)

  /// Makes the next frame a full redraw: after a resize, or when something else wrote to the
  /// screen.
  mutating func invalidate() {
    previous = nil
    cursor = nil
  }

  /// Renders `canvas` and writes the bytes to `output` in one call; returns how many bytes
  /// were written (0 when nothing changed, and then nothing is written).
  @discardableResult
  mutating func render(_ canvas: Canvas, to output: some TerminalOutput) -> Int {
    let bytes = frame(for: canvas)
    if !bytes.isEmpty {
      output.write(bytes)
    }
    return bytes.count
  }

  /// The bytes that turn the screen showing the previous frame into `canvas`, and remembers
  /// `canvas` as the screen's content.
  public mutating func frame(for canvas: Canvas) -> [UInt8] {
    var output: [UInt8] = []
    let baseline: Canvas
    if let previous, previous.size == canvas.size {
      baseline = previous
    } else {
      if support != .none {
        output.append(contentsOf: "\u{1B}[m".utf8)
      }
      output.append(contentsOf: "\u{1B}[H\u{1B}[2J".utf8)
      cursor = Point(column: 0, row: 0)
      baseline = Canvas(size: canvas.size)
    }
    var pen = Style.plain.restricted(to: support)
    // The link the cells written now belong to; links are compared only where there are any.
    var openLink: String?
    let comparesLinks = hyperlinks && (canvas.hasLinks || baseline.hasLinks)
    for row in 0..<canvas.rows {
      var column = 0
      while column < canvas.columns {
        let point = Point(column: column, row: row)
        let width = cellWidth(in: canvas, at: point)
        defer { column += width }
        guard let cell = canvas.cell(at: point), !cell.isContinuation,
          changed(canvas, baseline, at: point, width: width)
            || (comparesLinks && canvas.link(at: point) != baseline.link(at: point))
        else { continue }
        // A link ends before the cursor moves on, so no cell between is ever part of it.
        let link = comparesLinks ? canvas.link(at: point) : nil
        if link != openLink, openLink != nil {
          output.append(contentsOf: Hyperlink.sequence(to: nil))
          openLink = nil
        }
        moveCursor(to: point, in: canvas, pen: pen, link: openLink, into: &output)
        if link != openLink {
          output.append(contentsOf: Hyperlink.sequence(to: link))
          openLink = link
        }
        let style = cell.style.restricted(to: support)
        if style != pen {
          output.append(contentsOf: SelectGraphicRendition.sequence(from: pen, to: style))
          pen = style
        }
        output.append(contentsOf: cell.grapheme.utf8)
        cursor = Self.cursor(after: cell.grapheme, at: point, width: width, columns: canvas.columns)
      }
    }
    if openLink != nil {
      output.append(contentsOf: Hyperlink.sequence(to: nil))
    }
    if pen != Style.plain.restricted(to: support) {
      output.append(contentsOf: "\u{1B}[m".utf8)
    }
    previous = canvas
    guard !output.isEmpty, support != .none else { return output }
    return Self.beginSynchronizedUpdate + output + Self.endSynchronizedUpdate
  }

  /// 2 for the first cell of a wide character, 1 otherwise.
  private func cellWidth(in canvas: Canvas, at point: Point) -> Int {
    let next = canvas.cell(at: Point(column: point.column + 1, row: point.row))
    return next?.isContinuation == true ? 2 : 1
  }

  private func changed(_ canvas: Canvas, _ baseline: Canvas, at point: Point, width: Int) -> Bool {
    (0..<width).contains { offset in
      let position = Point(column: point.column + offset, row: point.row)
      guard let new = canvas.cell(at: position), let old = baseline.cell(at: position) else { return true }
      return new.grapheme != old.grapheme || new.isContinuation != old.isContinuation
        || new.style.restricted(to: support) != old.style.restricted(to: support)
    }
  }

  /// Appends the cheapest way to bring the cursor to `target`.
  private mutating func moveCursor(
    to target: Point, in canvas: Canvas, pen: Style, link: String?, into output: inout [UInt8]
  ) {
    if cursor == target {
      return
    }
    var best = Array(CursorMovement.absolute(target).utf8)
    if let cursor, cursor.row == target.row {
      let relative = Array(CursorMovement.relative(from: cursor.column, to: target.column).utf8)
      if relative.count < best.count {
        best = relative
      }
      if let gap = rewrite(from: cursor.column, to: target.column, row: target.row, in: canvas, pen: pen, link: link),
        gap.count < best.count
      {
        best = gap
      }
    }
    output.append(contentsOf: best)
    cursor = target
  }

  /// The bytes of the unchanged cells between the cursor and the next change, when writing them
  /// again moves the cursor without any style or link change or uncertain width; otherwise
  /// `nil`.
  private func rewrite(from start: Int, to end: Int, row: Int, in canvas: Canvas, pen: Style, link: String?)
    -> [UInt8]?
  {
    guard start < end else { return nil }
    var bytes: [UInt8] = []
    for column in start..<end {
      guard let cell = canvas.cell(at: Point(column: column, row: row)) else { return nil }
      if cell.isContinuation {
        continue
      }
      guard cell.style.restricted(to: support) == pen, !Self.hasUncertainWidth(cell.grapheme),
        !hyperlinks || canvas.link(at: Point(column: column, row: row)) == link
      else {
        return nil
      }
      bytes.append(contentsOf: cell.grapheme.utf8)
    }
    return bytes
  }

  /// Where the cursor is after writing `grapheme` at `point`: `nil` when writing the last
  /// column (terminals differ on the pending wrap) or when the terminal may measure the
  /// grapheme differently.
  private static func cursor(after grapheme: Character, at point: Point, width: Int, columns: Int) -> Point? {
    let column = point.column + width
    guard column < columns, !hasUncertainWidth(grapheme) else { return nil }
    return Point(column: column, row: point.row)
  }

  /// Clusters of several scalars and emoji, whose width depends on the terminal's Unicode
  /// version.
  private static func hasUncertainWidth(_ grapheme: Character) -> Bool {
    let scalars = grapheme.unicodeScalars
    return scalars.count > 1 || scalars.contains { $0.value >= 0x1F000 || $0.properties.isEmojiPresentation }
  }
}
