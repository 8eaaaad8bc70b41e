/// The SGR (Select Graphic Rendition) sequences that change the terminal's current style.
enum SelectGraphicRendition {
  /// The shortest sequence that changes the style from `current` to `target`: either the
  /// individual changes, or a reset followed by everything `target` sets. Empty when the two
  /// look the same. A `nil` colour counts as the default.
  static func sequence(from current: Style, to target: Style) -> [UInt8] {
    let differences = changes(from: current, to: target)
    guard !differences.isEmpty else { return [] }
    let incremental = encode(differences)
    let afterReset = changes(from: Style(), to: target)
    let reset = afterReset.isEmpty ? "\u{1B}[m" : encode([0] + afterReset)
    return Array((incremental.utf8.count <= reset.utf8.count ? incremental : reset).utf8)
  }

  private static func changes(from current: Style, to target: Style) -> [Int] {
    var parameters: [Int] = []
    if (current.bold && !target.bold) || (current.dim && !target.dim) {
      // 22 turns both bold and dim off; re-enable the one that stays.
      parameters.append(22)
      if target.bold { parameters.append(1) }
      if target.dim { parameters.append(2) }
    } else {
      if target.bold && !current.bold { parameters.append(1) }
      if target.dim && !current.dim { parameters.append(2) }
    }
    if target.underline != current.underline { parameters.append(target.underline ? 4 : 24) }
    if target.inverse != current.inverse { parameters.append(target.inverse ? 7 : 27) }
    let foreground = target.foreground ?? .default
    if foreground != (current.foreground ?? .default) { parameters.append(foreground.foregroundCode) }
    let background = target.background ?? .default
    if background != (current.background ?? .default) { parameters.append(background.backgroundCode) }
    return parameters
  }

  private static func encode(_ parameters: [Int]) -> String {
    "\u{1B}[" + parameters.map(String.init).joined(separator: ";") + "m"
  }
}
