import Foundation
import Testing

@testable import FunFrontend

/// An sRGB colour, 8 bits a channel, with the WCAG 2 measures of legibility.
struct RGB: Hashable, CustomStringConvertible {
  var red: Int
  var green: Int
  var blue: Int

  init(_ hex: Int) {
    red = hex >> 16 & 0xFF
    green = hex >> 8 & 0xFF
    blue = hex & 0xFF
  }

  init(red: Int, green: Int, blue: Int) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  var description: String {
    String(format: "#%02x%02x%02x", red, green, blue)
  }

  /// WCAG 2 relative luminance: 0 for black, 1 for white.
  var relativeLuminance: Double {
    func linear(_ channel: Int) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG 2 contrast ratio, from 1 (the same) to 21 (black and white).
  func contrast(with other: RGB) -> Double {
    let (lighter, darker) = (
      max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance)
    )
    return (lighter + 0.05) / (darker + 0.05)
  }

  /// Half way to `other`, channel by channel: how faint text is counted.
  func halfway(to other: RGB) -> RGB {
    RGB(red: (red + other.red + 1) / 2, green: (green + other.green + 1) / 2, blue: (blue + other.blue + 1) / 2)
  }
}

/// A terminal as the contrast rule pictures it: xterm's default 16-colour palette, a black or
/// a white default background (with white or black default text), bold drawn as the bright
/// colour (xterm, Terminal.app) or as plain, and faint text as a 50% blend toward its
/// background.
struct TerminalLook: Hashable, CustomStringConvertible, CustomTestStringConvertible {
  /// The default background; the default foreground is its opposite.
  enum Background: String, CaseIterable {
    case black
    case white
  }

  /// xterm's default palette, colours 0–15.
  static let xtermPalette: [RGB] = [
    0x00_0000, 0xCD_0000, 0x00_CD00, 0xCD_CD00, 0x00_00EE, 0xCD_00CD, 0x00_CDCD, 0xE5_E5E5,
    0x7F_7F7F, 0xFF_0000, 0x00_FF00, 0xFF_FF00, 0x5C_5CFF, 0xFF_00FF, 0x00_FFFF, 0xFF_FFFF,
  ].map(RGB.init)

  /// Every look the rule names: both backgrounds, bold bright and plain.
  static let all: [TerminalLook] = Background.allCases.flatMap { background in
    [true, false].map { TerminalLook(background: background, boldIsBright: $0) }
  }

  var background: Background
  var boldIsBright: Bool

  var description: String {
    "on \(background.rawValue), bold \(boldIsBright ? "as bright" : "plain")"
  }

  var testDescription: String { description }

  var defaultBackground: RGB { background == .black ? RGB(0x00_0000) : RGB(0xFF_FFFF) }
  var defaultForeground: RGB { background == .black ? RGB(0xFF_FFFF) : RGB(0x00_0000) }

  /// The colours a glyph drawn in `style` shows in: the palette colour (brightened when bold
  /// draws bright), the defaults for unset colours, swapped for inverse, the text blended
  /// half way to its background when faint.
  func colours(of style: Style) -> (text: RGB, background: RGB) {
    var foregroundIndex = style.foreground?.paletteIndex
    if boldIsBright, style.bold, let index = foregroundIndex, index < 8 {
      foregroundIndex = index + 8
    }
    var text = foregroundIndex.map { Self.xtermPalette[$0] } ?? defaultForeground
    var background = style.background?.paletteIndex.map { Self.xtermPalette[$0] } ?? defaultBackground
    if style.inverse {
      swap(&text, &background)
    }
    if style.dim {
      text = text.halfway(to: background)
    }
    return (text, background)
  }

  /// The contrast of a glyph drawn in `style`.
  func contrast(of style: Style) -> Double {
    let (text, background) = colours(of: style)
    return text.contrast(with: background)
  }
}
