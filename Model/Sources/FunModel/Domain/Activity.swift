/// An activity: a whole app context inside Fun — browsing the catalog (Explore), working on
/// your own catalog (Studio) — with its name, its tabs and the tab it opens on.
///
/// Each activity is declared once, in ``all``; the tab bar, the number keys, the activity
/// switcher, help, the `activity` script command and the `funapp://<activity>/<tab>` links are
/// all derived from these declarations. A tab belongs to one activity, so each activity keeps
/// its own tab coordinators, stacks and screen state while another one shows.
public struct Activity: Hashable, Sendable, Identifiable {
  /// The name links and scripts use (`explore`, `studio`): lowercase, never localized.
  public let id: String
  /// The name the tab bar and the switcher show.
  public let name: LocalizedText
  /// The tabs, in tab-bar order: `1` selects the first.
  public let tabs: [Tab]
  /// The tab shown the first time the activity is chosen.
  public let defaultTab: Tab
  /// Whether a link into the activity needs a signed-in profile (a guest is told it may not
  /// open it); choosing it by key is for everyone.
  let linksNeedProfile: Bool

  /// Declares an activity; `defaultTab` is its first tab unless told.
  init(id: String, name: LocalizedText, tabs: [Tab], defaultTab: Tab? = nil, linksNeedProfile: Bool = false) {
    self.id = id
    self.name = name
    self.tabs = tabs
    self.defaultTab = defaultTab ?? tabs.first ?? .home
    self.linksNeedProfile = linksNeedProfile
  }

  /// Browsing the catalog: the five tabs Fun began with.
  public static let explore = Activity(
    id: "explore", name: L10n.Activity.explore, tabs: [.home, .search, .favorites, .profile, .settings])

  /// Working on the catalog: your own items (what Studio is for, so it opens there) and where
  /// the catalog comes from. Its links write to a profile's data, so they need one.
  static let studio = Activity(
    id: "studio", name: L10n.Activity.studio, tabs: [.myItems, .sources], linksNeedProfile: true)

  /// Every activity, in switcher order; the first is where a session starts. Adding an activity
  /// is one more entry here (and its tabs, if they are new).
  public static let all: [Activity] = [explore, studio]

  /// The activity named `name` (its ``id``, ignoring case), or `nil`.
  public static func named(_ name: String, in activities: [Activity] = all) -> Activity? {
    activities.first { $0.id == name.lowercased() }
  }

  /// The activity `tab` belongs to: the first of `activities` that has it.
  static func owning(_ tab: Tab, in activities: [Activity] = all) -> Activity? {
    activities.first { $0.tabs.contains(tab) }
  }

  /// The tab named `name` (`search`) or at 1-based position `name` (`2`) within this activity,
  /// as the number keys and scripts write it.
  public func tab(named name: String) -> Tab? {
    if let tab = Tab(rawValue: name.lowercased()), tabs.contains(tab) {
      return tab
    }
    guard let number = Int(name), tabs.indices.contains(number - 1) else { return nil }
    return tabs[number - 1]
  }
}
