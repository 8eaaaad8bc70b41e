/// What a terminal would show after receiving some bytes: a minimal VT100/xterm screen.
///
/// Interactive mode redraws only the cells that changed, so text such as `[Search]` is rarely
/// written in one piece; replaying the bytes onto a grid of cells is the only reliable way to
/// ask what the person sees. It understands what the renderer sends — cursor positioning
/// (CUP, CHA, CUF, CUB, CUU, CUD, CR, LF, BS), erasing (ED, EL), SGR and private modes
/// (ignored), OSC strings (skipped) — and treats every other escape sequence as invisible.
struct VirtualScreen {
  /// The screen's rows as text, trailing spaces removed.
  private(set) var lines: [String] = []

  /// Replays `bytes` onto a blank screen of `columns` × `rows`.
  init(_ bytes: [UInt8], columns: Int, rows: Int) {
    var grid = Grid(columns: columns, rows: rows)
    Self.replay(bytes, on: &grid) { _, _ in false }
    lines = grid.lines
  }

  /// Whether some row showed `text` at any moment while the bytes from `offset` on were drawn,
  /// looking after every escape sequence and at the end: a frame that later bytes replaced
  /// still counts, however the bytes were split into reads.
  static func showed(_ text: String, in bytes: [UInt8], from offset: Int, columns: Int, rows: Int) -> Bool {
    var grid = Grid(columns: columns, rows: rows)
    let seenWithinEscapes = replay(bytes, on: &grid) { position, grid in
      position > offset && grid.lines.contains { $0.contains(text) }
    }
    return seenWithinEscapes || grid.lines.contains { $0.contains(text) }
  }

  /// Replays `bytes` onto `grid`, asking `stop` after each escape sequence with the number of
  /// bytes replayed so far; returns whether `stop` ended the replay.
  @discardableResult
  private static func replay(_ bytes: [UInt8], on grid: inout Grid, stop: (Int, Grid) -> Bool) -> Bool {
    var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars[...]
    var position = 0
    while let scalar = scalars.popFirst() {
      position += UTF8.width(scalar)
      switch scalar {
      case "\u{1B}":
        let before = scalars
        Self.escape(from: &scalars, on: &grid)
        position += before[..<scalars.startIndex].reduce(0) { $0 + UTF8.width($1) }
        if stop(position, grid) { return true }
      case "\r": grid.column = 0
      case "\n": grid.lineFeed()
      case "\u{08}": grid.column = max(grid.column - 1, 0)
      default:
        if scalar.properties.generalCategory != .control {
          grid.put(scalar)
        }
      }
    }
    return false
  }

  /// The whole screen.
  var text: String {
    lines.joined(separator: "\n")
  }

  /// Whether any row contains `text`.
  func contains(_ text: String) -> Bool {
    lines.contains { $0.contains(text) }
  }

  private static func escape(from scalars: inout Substring.UnicodeScalarView, on grid: inout Grid) {
    guard let introducer = scalars.popFirst() else { return }
    switch introducer {
    case "[":
      var parameters = ""
      while let next = scalars.popFirst() {
        guard (0x20...0x3F).contains(next.value) else {
          controlSequence(parameters, final: next, on: &grid)
          return
        }
        parameters.unicodeScalars.append(next)
      }
    case "]":
      // An operating system command (a window title…): skipped up to BEL or ESC \.
      while let next = scalars.popFirst(), next != "\u{07}" {
        if next == "\u{1B}" {
          _ = scalars.popFirst()
          return
        }
      }
    default:
      break
    }
  }

  private static func controlSequence(_ parameters: String, final: Unicode.Scalar, on grid: inout Grid) {
    guard !parameters.hasPrefix("?") else { return }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func number(_ index: Int, default value: Int) -> Int {
      index < numbers.count ? numbers[index] ?? value : value
    }
    switch final {
    case "H", "f":
      grid.row = number(0, default: 1) - 1
      grid.column = number(1, default: 1) - 1
    case "G": grid.column = number(0, default: 1) - 1
    case "C": grid.column += number(0, default: 1)
    case "D": grid.column -= number(0, default: 1)
    case "A": grid.row -= number(0, default: 1)
    case "B": grid.row += number(0, default: 1)
    case "J": grid.eraseDisplay(number(0, default: 0))
    case "K": grid.eraseLine(number(0, default: 0))
    default: break
    }
    grid.clampCursor()
  }
}

/// The cells of ``VirtualScreen`` and its cursor.
private struct Grid {
  let columns: Int
  let rows: Int
  var cells: [[Character]]
  var row = 0
  var column = 0

  init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
  }

  var lines: [String] {
    cells.map { row in
      var line = String(row.filter { $0 != "\0" })
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  mutating func clampCursor() {
    row = min(max(row, 0), rows - 1)
    column = min(max(column, 0), columns - 1)
  }

  mutating func lineFeed() {
    if row == rows - 1 {
      cells.removeFirst()
      cells.append(Array(repeating: " ", count: columns))
    } else {
      row += 1
    }
  }

  mutating func put(_ scalar: Unicode.Scalar) {
    let width = Self.width(of: scalar)
    guard width > 0 else { return }
    if column + width > columns {
      column = 0
      lineFeed()
    }
    cells[row][column] = Character(scalar)
    if width == 2, column + 1 < columns {
      // The right half of a wide character.
      cells[row][column + 1] = "\0"
    }
    column += width
    if column >= columns {
      // The pending wrap: the next character goes to the next row.
      column = columns
    }
  }

  mutating func eraseDisplay(_ mode: Int) {
    switch mode {
    case 0:
      eraseLine(0)
      for index in (row + 1)..<rows { cells[index] = Array(repeating: " ", count: columns) }
    case 1:
      eraseLine(1)
      for index in 0..<row { cells[index] = Array(repeating: " ", count: columns) }
    default:
      cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }
  }

  mutating func eraseLine(_ mode: Int) {
    let range =
      switch mode {
      case 0: min(column, columns)..<columns
      case 1: 0..<min(column + 1, columns)
      default: 0..<columns
      }
    for index in range { cells[row][index] = " " }
  }

  /// 0 for combining and format characters, 2 for East Asian wide characters and emoji, else 1.
  private static func width(of scalar: Unicode.Scalar) -> Int {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    let wideRanges: [ClosedRange<UInt32>] = [
      0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD,
    ]
    if scalar.properties.isEmojiPresentation || wideRanges.contains(where: { $0.contains(scalar.value) }) {
      return 2
    }
    return 1
  }
}
