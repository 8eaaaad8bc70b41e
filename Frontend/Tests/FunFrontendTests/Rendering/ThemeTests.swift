import Testing

@testable import FunFrontend
@testable import FunModel

@Suite("Theme")
struct ThemeTests {
  private static func roles(_ theme: Theme) -> [Style] {
    [
      theme.title, theme.selection, theme.accent, theme.dim, theme.favoriteStar, theme.toastSuccess, theme.toastInfo,
      theme.toastError, theme.tabSelected,
    ]
  }

  @Test(
    "follows the appearance with colour, and the terminal's limits without",
    arguments: [
      (Appearance.system, StyleSupport.full, Theme.system), (.light, .full, .light), (.dark, .full, .dark),
      (.dark, .attributesOnly, .noColor), (.light, .none, .plain), (.system, .none, .plain),
    ] as [(Appearance, StyleSupport, Theme)]
  )
  func resolves(appearance: Appearance, support: StyleSupport, expected: Theme) {
    #expect(Theme.resolved(for: appearance, support: support) == expected)
  }

  @Test("the no-colour theme sets no colour, yet every role looks different from body text")
  func noColorTheme() {
    for style in Self.roles(.noColor) + [Theme.noColor.text] {
      #expect(style.foreground == nil && style.background == nil)
    }
    for style in Self.roles(.noColor) {
      #expect(style != Theme.noColor.text)
    }
    #expect(Theme.noColor.selection.inverse)
  }

  @Test("light and dark set their own background; system keeps the terminal's")
  func backgrounds() {
    #expect(Theme.light.text.background == .brightWhite)
    #expect(Theme.dark.text.background == .black)
    #expect(Theme.system.text == .plain)
    #expect(Self.roles(.plain).allSatisfy { $0 == .plain })
  }

  @Test("maps each toast kind to its role")
  func toastStyles() {
    #expect(Theme.dark.toast(.success) == Theme.dark.toastSuccess)
    #expect(Theme.dark.toast(.info) == Theme.dark.toastInfo)
    #expect(Theme.dark.toast(.error) == Theme.dark.toastError)
  }
}
