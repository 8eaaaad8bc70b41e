/// The colour scheme the user picked in Settings.
public enum Appearance: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
  case system, light, dark

  /// The next appearance in the cycle system → light → dark → system, which is what the
  /// Settings toggle steps through.
  var next: Appearance {
    stepped(by: 1)
  }

  /// The appearance before this one in the same cycle: what ← in Settings steps to.
  var previous: Appearance {
    stepped(by: -1)
  }

  private func stepped(by offset: Int) -> Appearance {
    let all = Appearance.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + offset + all.count) % all.count]
  }

  /// The name Settings shows, in the language the screen is given.
  var label: LocalizedText {
    switch self {
    case .system: L10n.Settings.appearanceSystem
    case .light: L10n.Settings.appearanceLight
    case .dark: L10n.Settings.appearanceDark
    }
  }

  public var description: String {
    rawValue
  }
}
