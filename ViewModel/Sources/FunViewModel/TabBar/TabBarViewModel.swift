import FunModel
import Observation

/// The tab bar: which of the five tabs is selected.
///
/// ``selectNext()`` and ``selectPrevious()`` wrap around, as Tab and Shift-Tab do.
@Observable
@MainActor
public final class TabBarViewModel {
  /// Every tab, in tab-bar order.
  public let tabs: [Tab] = Tab.allCases

  /// The selected tab.
  public private(set) var selectedTab: Tab

  /// Creates the tab bar with `selectedTab` selected (Home unless told).
  public init(selectedTab: Tab = .home) {
    self.selectedTab = selectedTab
  }

  /// Selects `tab`.
  public func select(_ tab: Tab) {
    selectedTab = tab
  }

  /// Selects the tab after the selected one, wrapping from the last to the first.
  public func selectNext() {
    step(by: 1)
  }

  /// Selects the tab before the selected one, wrapping from the first to the last.
  public func selectPrevious() {
    step(by: -1)
  }

  private func step(by offset: Int) {
    let position = tabs.firstIndex(of: selectedTab) ?? 0
    selectedTab = tabs[(position + offset + tabs.count) % tabs.count]
  }
}
