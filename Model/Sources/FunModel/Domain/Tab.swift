/// Every tab of the app. Which activity shows a tab, and where in its tab bar, is the
/// ``Activity`` declarations' business; the raw value is the name links and scripts use.
public enum Tab: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case home, search, favorites, profile, settings
  case myItems = "my-items"
  case sources

  /// The name the tab bar shows, in the language the screen is given.
  public var label: LocalizedText {
    switch self {
    case .home: L10n.Tab.home
    case .search: L10n.Tab.search
    case .favorites: L10n.Tab.favorites
    case .profile: L10n.Tab.profile
    case .settings: L10n.Tab.settings
    case .myItems: L10n.Tab.myItems
    case .sources: L10n.Tab.sources
    }
  }

  public var description: String {
    rawValue
  }
}
