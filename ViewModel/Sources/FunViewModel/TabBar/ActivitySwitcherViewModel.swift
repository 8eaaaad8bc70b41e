import FunModel
import Observation

/// The activity switcher: every activity of the tab bar as a row, the current one marked, one
/// row selected; choosing a row shows that activity where it was left and closes the sheet.
@Observable
@MainActor
public final class ActivitySwitcherViewModel {
  /// One activity as the switcher lists it.
  public struct Row: Equatable, Sendable {
    /// The activity.
    public let activity: Activity
    /// Whether it is the one that shows now.
    public let isCurrent: Bool
    /// The tab it would show if chosen.
    public let tab: Tab
  }

  /// What a person can do in the switcher: the sheet's keys send these.
  public enum Action: Equatable, Sendable {
    /// Selects the row at this index, clamped (what a click on a row that is not selected does).
    case select(at: Int)
    /// Moves the selection by this many rows, wrapping around.
    case move(by: Int)
    /// Shows the activity of the row at this index (the selected row when `nil`) and closes the
    /// sheet; an index outside the rows only closes it.
    case choose(Int?)
    /// Closes the sheet; the activity stays.
    case cancel
  }

  /// The row the arrows move and Enter chooses.
  public private(set) var selectedIndex: Int

  /// Who closes the sheet (not observed: no screen draws it).
  @ObservationIgnored public weak var coordinator: (any SheetCoordinating)?

  @ObservationIgnored private let tabBar: TabBarViewModel

  /// The switcher over `tabBar`'s activities, the current one selected.
  public init(tabBar: TabBarViewModel) {
    self.tabBar = tabBar
    selectedIndex = tabBar.activities.firstIndex(of: tabBar.activity) ?? 0
  }

  /// Every activity, in declaration order.
  public var rows: [Row] {
    tabBar.activities.map { activity in
      Row(activity: activity, isCurrent: activity == tabBar.activity, tab: tabBar.selectedTab(in: activity))
    }
  }

  /// Does what `action` asks; the one way the view layers change the switcher.
  public func send(_ action: Action) {
    switch action {
    case .select(let index): selectedIndex = ListSelection.clamp(index, count: tabBar.activities.count)
    case .move(let offset): moveSelection(by: offset)
    case .choose(let index): choose(index)
    case .cancel: coordinator?.dismissSheet()
    }
  }

  private func moveSelection(by offset: Int) {
    let count = tabBar.activities.count
    guard count > 0 else { return }
    selectedIndex = ListSelection.wrap(selectedIndex + offset, count: count)
  }

  private func choose(_ index: Int?) {
    let index = index ?? selectedIndex
    // Switch before closing: links that waited for the sheet route after the choice.
    if tabBar.activities.indices.contains(index) {
      tabBar.send(.switchTo(tabBar.activities[index]))
    }
    coordinator?.dismissSheet()
  }
}
