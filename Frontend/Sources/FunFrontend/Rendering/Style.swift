/// How a cell looks: foreground and background colour and text attributes.
///
/// A `nil` colour means "keep the colour underneath", so a screen sets its background once (a
/// canvas created with, or filled with, the theme's ``Theme/text`` style) and draws everything
/// else with styles that set only what they change. Drawing text adds its attributes to those
/// underneath (text on an inverse selection row stays inverse); filling a rectangle sets
/// exactly its attributes (a toast line drawn over a selected row is not inverse). A cell
/// stored in a canvas with a `nil` colour shows the terminal's default.
struct Style: Hashable, Sendable {
  /// The text colour, or `nil` to keep the one underneath.
  var foreground: TerminalColor?
  /// The background colour, or `nil` to keep the one underneath.
  var background: TerminalColor?
  /// Bold (often also brighter).
  var bold: Bool
  /// Dim (faint).
  var dim: Bool
  /// Foreground and background swapped.
  var inverse: Bool
  /// Underlined.
  var underline: Bool

  /// Creates a style; everything left out stays unset.
  init(
    foreground: TerminalColor? = nil,
    background: TerminalColor? = nil,
    bold: Bool = false,
    dim: Bool = false,
    inverse: Bool = false,
    underline: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.inverse = inverse
    self.underline = underline
  }

  /// No colour, no attribute: the terminal's default look.
  static let plain = Style()

  /// This style as ink over `underneath` (``Canvas/put(text:at:style:)``): its own colours
  /// where set, the colours underneath otherwise, and its attributes added to those underneath.
  func painted(over underneath: Style) -> Style {
    Style(
      foreground: foreground ?? underneath.foreground,
      background: background ?? underneath.background,
      bold: bold || underneath.bold,
      dim: dim || underneath.dim,
      inverse: inverse || underneath.inverse,
      underline: underline || underneath.underline
    )
  }

  /// This style as a new region over `underneath` (``Canvas/fill(_:with:style:)``): its own
  /// colours where set, the colours underneath otherwise, and exactly its own attributes.
  func filled(over underneath: Style) -> Style {
    var result = self
    result.foreground = foreground ?? underneath.foreground
    result.background = background ?? underneath.background
    return result
  }

  /// This style with everything `support` does not allow removed, and unset colours written
  /// as the default, so equal-looking styles compare equal.
  func restricted(to support: StyleSupport) -> Style {
    switch support {
    case .full:
      Style(
        foreground: foreground ?? .default, background: background ?? .default, bold: bold, dim: dim,
        inverse: inverse, underline: underline)
    case .attributesOnly:
      Style(
        foreground: .default, background: .default, bold: bold, dim: dim, inverse: inverse,
        underline: underline)
    case .none:
      Style(foreground: .default, background: .default)
    }
  }
}
