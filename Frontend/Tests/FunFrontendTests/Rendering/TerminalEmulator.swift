@testable import FunFrontend

/// A minimal terminal for tests: it interprets exactly the sequences Fun's renderer may send
/// (cursor positioning, erase display, SGR, CR, text) and records anything else as a problem,
/// so a test can check that the bytes turn the screen into the canvas.
struct TerminalEmulator {
  struct ScreenCell: Equatable {
    var grapheme: Character = " "
    var style = Style.plain.restricted(to: .full)
    var isContinuation = false
  }

  private(set) var size: TerminalSize
  private(set) var cells: [ScreenCell]
  private(set) var problems: [String] = []
  private var row = 0
  private var column = 0
  private var pendingWrap = false
  private var pen = Style.plain.restricted(to: .full)

  init(size: TerminalSize) {
    self.size = size
    cells = Array(repeating: ScreenCell(), count: size.columns * size.rows)
  }

  /// Interprets `bytes` (which must be whole UTF-8).
  mutating func apply(_ bytes: [UInt8]) {
    let characters = Array(String(decoding: bytes, as: UTF8.self))
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      switch character {
      case "\u{1B}":
        guard index < characters.count, characters[index] == "[" else {
          problems.append("unsupported escape")
          continue
        }
        var parameters = ""
        index += 1
        while index < characters.count, let ascii = characters[index].asciiValue, (0x20...0x3F).contains(ascii) {
          parameters.append(characters[index])
          index += 1
        }
        guard index < characters.count else {
          problems.append("unterminated CSI")
          return
        }
        controlSequence(parameters, final: characters[index])
        index += 1
      case "\r":
        column = 0
        pendingWrap = false
      default:
        if character.unicodeScalars.contains(where: TextSanitizer.isTerminalControl) {
          problems.append("control character \(character.unicodeScalars.map(\.value))")
        } else {
          show(character)
        }
      }
    }
  }

  func cell(column: Int, row: Int) -> ScreenCell {
    cells[row * size.columns + column]
  }

  /// Whether the screen shows `canvas` as a terminal allowing `support` should.
  func shows(_ canvas: Canvas, support: StyleSupport = .full) -> Bool {
    guard canvas.size == size else { return false }
    for row in 0..<size.rows {
      for column in 0..<size.columns {
        guard let expected = canvas.cell(at: Point(column: column, row: row)) else { return false }
        let actual = cell(column: column, row: row)
        if actual.isContinuation != expected.isContinuation {
          return false
        }
        if !expected.isContinuation,
          actual.grapheme != expected.grapheme || actual.style != expected.style.restricted(to: support)
        {
          return false
        }
      }
    }
    return true
  }

  private mutating func controlSequence(_ parameters: String, final: Character) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func number(_ position: Int, default value: Int) -> Int {
      position < numbers.count ? (numbers[position] ?? value) : value
    }
    pendingWrap = false
    switch final {
    case "H":
      row = min(size.rows - 1, number(0, default: 1) - 1)
      column = min(size.columns - 1, number(1, default: 1) - 1)
    case "C":
      column = min(size.columns - 1, column + number(0, default: 1))
    case "D":
      column = max(0, column - number(0, default: 1))
    case "G":
      column = min(size.columns - 1, number(0, default: 1) - 1)
    case "J" where parameters == "2":
      cells = Array(repeating: ScreenCell(grapheme: " ", style: pen), count: size.columns * size.rows)
    case "m":
      selectGraphicRendition(numbers.map { $0 ?? 0 })
    case "l" where parameters.hasPrefix("?"), "h" where parameters.hasPrefix("?"):
      break
    default:
      problems.append("unsupported CSI \(parameters)\(final)")
    }
  }

  private mutating func selectGraphicRendition(_ parameters: [Int]) {
    for parameter in parameters.isEmpty ? [0] : parameters {
      switch parameter {
      case 0: pen = Style.plain.restricted(to: .full)
      case 1: pen.bold = true
      case 2: pen.dim = true
      case 4: pen.underline = true
      case 7: pen.inverse = true
      case 22:
        pen.bold = false
        pen.dim = false
      case 24: pen.underline = false
      case 27: pen.inverse = false
      case 30...39, 90...97:
        pen.foreground = TerminalColor.allCases.first { $0.foregroundCode == parameter }
      case 40...49, 100...107:
        pen.background = TerminalColor.allCases.first { $0.backgroundCode == parameter }
      default:
        problems.append("unsupported SGR \(parameter)")
      }
    }
  }

  private mutating func show(_ grapheme: Character) {
    let width = DisplayWidth.of(grapheme)
    guard width > 0 else {
      problems.append("zero-width grapheme written")
      return
    }
    if pendingWrap {
      pendingWrap = false
      column = 0
      row += 1
      if row >= size.rows {
        problems.append("scrolled")
        row = size.rows - 1
      }
    }
    if column + width > size.columns {
      problems.append("wide character at the last column")
      return
    }
    clearWide(at: column)
    if width == 2 {
      clearWide(at: column + 1)
    }
    cells[row * size.columns + column] = ScreenCell(grapheme: grapheme, style: pen)
    if width == 2 {
      cells[row * size.columns + column + 1] = ScreenCell(grapheme: " ", style: pen, isContinuation: true)
    }
    column += width
    if column >= size.columns {
      column = size.columns - 1
      pendingWrap = true
    }
  }

  /// Overwriting either half of a wide character erases the other half, as terminals do.
  private mutating func clearWide(at column: Int) {
    let index = row * size.columns + column
    if cells[index].isContinuation, column > 0 {
      cells[index - 1].grapheme = " "
      cells[index].isContinuation = false
    } else if column + 1 < size.columns, cells[index + 1].isContinuation {
      cells[index + 1].isContinuation = false
      cells[index + 1].grapheme = " "
    }
  }
}
