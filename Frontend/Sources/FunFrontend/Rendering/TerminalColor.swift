/// A colour from the terminal's own 16-colour palette, or the terminal's default colour.
///
/// The 16 named colours are the ones every colour terminal has (the user's terminal theme
/// decides their exact shade), which keeps Fun readable everywhere without guessing at
/// 256-colour or true-colour support.
enum TerminalColor: Hashable, Sendable, CaseIterable {
  /// The terminal's default foreground or background.
  case `default`
  /// Palette colour 0.
  case black
  /// Palette colour 1.
  case red
  /// Palette colour 2.
  case green
  /// Palette colour 3.
  case yellow
  /// Palette colour 4.
  case blue
  /// Palette colour 5.
  case magenta
  /// Palette colour 6.
  case cyan
  /// Palette colour 7 (usually light grey).
  case white
  /// Palette colour 8 (usually dark grey).
  case brightBlack
  /// Palette colour 9.
  case brightRed
  /// Palette colour 10.
  case brightGreen
  /// Palette colour 11.
  case brightYellow
  /// Palette colour 12.
  case brightBlue
  /// Palette colour 13.
  case brightMagenta
  /// Palette colour 14.
  case brightCyan
  /// Palette colour 15.
  case brightWhite

  /// The SGR parameter that selects this colour as the foreground.
  var foregroundCode: Int {
    switch paletteIndex {
    case nil: 39
    case let index? where index < 8: 30 + index
    case let index?: 90 + index - 8
    }
  }

  /// The SGR parameter that selects this colour as the background.
  var backgroundCode: Int {
    foregroundCode + 10
  }

  /// The colour's index in the 16-colour palette; `nil` for the terminal's default.
  var paletteIndex: Int? {
    switch self {
    case .default: nil
    case .black: 0
    case .red: 1
    case .green: 2
    case .yellow: 3
    case .blue: 4
    case .magenta: 5
    case .cyan: 6
    case .white: 7
    case .brightBlack: 8
    case .brightRed: 9
    case .brightGreen: 10
    case .brightYellow: 11
    case .brightBlue: 12
    case .brightMagenta: 13
    case .brightCyan: 14
    case .brightWhite: 15
    }
  }
}
