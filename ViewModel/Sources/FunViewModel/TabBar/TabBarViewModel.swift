import FunModel
import Observation

/// The tab bar: which activity shows, and which of its tabs is selected.
///
/// Every activity keeps its own selected tab: the first time one is chosen it shows its
/// default tab, after that the tab it was left on. Selecting a tab of another activity switches
/// to that activity. ``Action/selectNext`` and ``Action/selectPrevious`` wrap around within the
/// activity, as Tab and Shift-Tab do. The keys, the coordinators and script mode change it
/// through ``send(_:)``.
@Observable
@MainActor
public final class TabBarViewModel {
  /// What a person (or a coordinator acting for one) can do with the tab bar.
  public enum Action: Equatable, Sendable {
    /// Shows this activity on the tab it was left on (its default tab the first time).
    case switchTo(Activity)
    /// Selects this tab, switching to its activity if another one shows; a tab no activity has
    /// is ignored.
    case select(Tab)
    /// Selects the tab after the selected one, wrapping from the last to the first.
    case selectNext
    /// Selects the tab before the selected one, wrapping from the first to the last.
    case selectPrevious
  }

  /// Every activity, in switcher order.
  let activities: [Activity]

  /// The activity that shows.
  public private(set) var activity: Activity

  /// The selected tab of each activity chosen so far.
  private var selectedTabs: [Activity.ID: Tab] = [:]

  /// Creates the tab bar over `activities` (every declared one unless told), showing the first
  /// on its default tab.
  public init(activities: [Activity] = Activity.all) {
    self.activities = activities
    activity = activities.first ?? .explore
  }

  /// The tabs of the activity that shows, in tab-bar order.
  public var tabs: [Tab] {
    activity.tabs
  }

  /// The selected tab of the activity that shows.
  public var selectedTab: Tab {
    selectedTab(in: activity)
  }

  /// The tab `activity` shows when it is chosen: the one it was left on, else its default.
  func selectedTab(in activity: Activity) -> Tab {
    selectedTabs[activity.id] ?? activity.defaultTab
  }

  /// Does what `action` asks; the one way the view layers, the coordinators and script mode
  /// change the tab bar.
  public func send(_ action: Action) {
    switch action {
    case .switchTo(let activity): switchTo(activity)
    case .select(let tab): select(tab)
    case .selectNext: step(by: 1)
    case .selectPrevious: step(by: -1)
    }
  }

  private func switchTo(_ activity: Activity) {
    guard activities.contains(activity) else { return }
    self.activity = activity
  }

  private func select(_ tab: Tab) {
    if !activity.tabs.contains(tab) {
      guard let owner = activities.first(where: { $0.tabs.contains(tab) }) else { return }
      activity = owner
    }
    selectedTabs[activity.id] = tab
  }

  private func step(by offset: Int) {
    guard !tabs.isEmpty else { return }
    let position = tabs.firstIndex(of: selectedTab) ?? 0
    selectedTabs[activity.id] = tabs[ListSelection.wrap(position + offset, count: tabs.count)]
  }
}
