import Testing

@testable import FunFrontend
@testable import FunModel

/// One way the app can look: the theme an appearance resolves to and the styling the terminal
/// allows, as the app picks them (``Theme/resolved(for:support:)``).
struct ThemeCase: Sendable, CustomTestStringConvertible {
  /// The name snapshots and failures use: `system`, `light`, `dark`, `NO_COLOR`.
  let name: String
  let theme: Theme
  let support: StyleSupport

  init(name: String, appearance: Appearance, support: StyleSupport) {
    self.name = name
    theme = Theme.resolved(for: appearance, support: support)
    self.support = support
  }

  var testDescription: String { name }

  /// Every look with styling: the three appearances in colour, and `NO_COLOR`.
  static let all = [
    ThemeCase(name: "system", appearance: .system, support: .full),
    ThemeCase(name: "light", appearance: .light, support: .full),
    ThemeCase(name: "dark", appearance: .dark, support: .full),
    ThemeCase(name: "NO_COLOR", appearance: .system, support: .attributesOnly),
  ]
}
