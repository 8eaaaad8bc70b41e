/// The five tabs of the app, in tab-bar order.
public enum Tab: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case home, search, favorites, profile, settings

  /// Parses a tab by name (`search`) or by 1-based position (`2`), as scripts and deep links
  /// write it.
  public init?(name: String) {
    let lowered = name.lowercased()
    if let tab = Tab(rawValue: lowered) {
      self = tab
    } else if let number = Int(lowered), Tab.allCases.indices.contains(number - 1) {
      self = Tab.allCases[number - 1]
    } else {
      return nil
    }
  }

  /// The name the tab bar shows, in the language the screen is given.
  public var label: LocalizedText {
    switch self {
    case .home: L10n.Tab.home
    case .search: L10n.Tab.search
    case .favorites: L10n.Tab.favorites
    case .profile: L10n.Tab.profile
    case .settings: L10n.Tab.settings
    }
  }

  public var description: String {
    rawValue
  }
}
