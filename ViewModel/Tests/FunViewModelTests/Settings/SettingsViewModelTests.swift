import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunViewModel

@Suite("SettingsViewModel")
@MainActor
struct SettingsViewModelTests {
  let time = VirtualTime.forTests()
  let featureToggles = MockFeatureToggleService()
  let toasts = MockToastService()

  func makeSettings() -> SettingsViewModel {
    SettingsViewModel(
      toggles: TogglesStore(service: featureToggles, tasks: time.tasks, watchClock: nil), toasts: toasts)
  }

  func rowTexts(_ settings: SettingsViewModel) -> [String] {
    settings.rows.map { "\($0.label)=\($0.valueLabel)" }
  }

  @Test("Lists every toggle with its value")
  func rows() {
    let settings = makeSettings()
    #expect(
      rowTexts(settings) == [
        "Featured carousel=on", "Appearance=system", "Simulate network failure=off", "Screen reader mode=off",
      ]
    )
    #expect(settings.rows.map(\.key) == FeatureToggleKey.allCases)
  }

  @Test("A session that saves nothing has a note saying its settings are not saved; one that saves has none")
  func unsavedNote() {
    let store = TogglesStore(service: featureToggles, tasks: time.tasks, watchClock: nil)
    let settings = SettingsViewModel(toggles: store, toasts: toasts)
    #expect(settings.unsavedNote == nil)
    store.beginSession(savesChanges: false)
    #expect(settings.unsavedNote == L10n.Settings.guestNote)
    #expect(
      Localizer(language: .en)(L10n.Settings.guestNote)
        == "As a guest, your settings are not saved: they last until you sign out.")
    #expect(
      Localizer(language: .de)(L10n.Settings.guestNote)
        == "Als Gast werden deine Einstellungen nicht gespeichert: Sie gelten bis zur Abmeldung.")
    store.endSession()
    #expect(settings.unsavedNote == nil)
    store.beginSession(savesChanges: true)
    #expect(settings.unsavedNote == nil)
  }

  @Test(
    "toggleSelected changes the selected row's setting",
    arguments: [
      (0, "Featured carousel=off"), (1, "Appearance=light"), (2, "Simulate network failure=on"),
      (3, "Screen reader mode=on"),
    ]
  )
  func toggleSelected(row: Int, changedRow: String) async throws {
    let settings = makeSettings()
    settings.send(.select(at: row))
    settings.send(.toggleSelected(.forward))
    #expect(rowTexts(settings)[row] == changedRow)
    try await time.settle()  // the save runs off the main actor
    #expect(featureToggles.toggledKeys == [FeatureToggleKey.allCases[row]])
  }

  @Test("The selection is clamped and can pick a key")
  func selection() {
    let settings = makeSettings()
    settings.send(.move(by: -1))
    #expect(settings.selectedIndex == 0)
    settings.send(.move(by: 1))
    settings.send(.move(by: 1))
    settings.send(.move(by: 1))
    settings.send(.move(by: 1))
    #expect(settings.rows[settings.selectedIndex].key == .screenReader)
    settings.select(.appearance)
    #expect(settings.selectedIndex == 1)
  }

  @Test("Appearance steps system, light, dark and back")
  func appearanceCycles() {
    let settings = makeSettings()
    var seen: [Appearance] = []
    for _ in 0..<3 {
      settings.toggle(.appearance)
      seen.append(settings.toggles.appearance)
    }
    #expect(seen == [.light, .dark, .system])
  }

  @Test("The selected row steps back and forward: the appearance both ways, a switch flips")
  func stepsBothWays() {
    let settings = makeSettings()
    settings.select(.appearance)
    settings.send(.toggleSelected(.backward))
    #expect(settings.toggles.appearance == .dark)
    settings.send(.toggleSelected(.backward))
    #expect(settings.toggles.appearance == .light)
    settings.send(.toggleSelected(.forward))
    #expect(settings.toggles.appearance == .dark)
    settings.select(.networkFailure)
    settings.send(.toggleSelected(.backward))
    #expect(settings.toggles.simulatesNetworkFailure)
  }

  @Test("Changes made elsewhere show live")
  func live() async throws {
    let settings = makeSettings()
    try await time.settle()
    #expect(rowTexts(settings)[2] == "Simulate network failure=off")
    featureToggles.toggle(.networkFailure)
    try await time.settle()
    #expect(rowTexts(settings)[2] == "Simulate network failure=on")
  }

  @Test("Reset restores the defaults and shows an info toast")
  func reset() async throws {
    let settings = makeSettings()
    settings.toggle(.featuredCarousel)
    settings.toggle(.appearance)
    settings.send(.resetToDefaults)
    #expect(settings.toggles == .defaults)
    try await time.settle()  // the save runs off the main actor
    #expect(featureToggles.resetCount == 1)
    #expect(toasts.shownToasts == [.info(L10n.Settings.resetDone)])
  }

  @Test("The model deallocates")
  func deallocates() async throws {
    try await expectDeallocation(
      in: time,
      of: { makeSettings() },
      afterStart: { _ in
        featureToggles.toggle(.appearance)
        try await time.settle()
      }
    )
    #expect(time.tasks.taskCount == 0)
  }

  @Test("send moves and selects clamped, steps the selected row both ways, asks before a reset and resets")
  func send() async throws {
    let settings = makeSettings()
    let coordinator = MockCoordinator()
    settings.coordinator = coordinator
    settings.send(.move(by: 1))
    #expect(settings.selectedIndex == 1)
    settings.send(.select(at: 100))
    #expect(settings.selectedIndex == FeatureToggleKey.allCases.count - 1)
    settings.send(.select(at: FeatureToggleKey.allCases.firstIndex(of: .appearance) ?? -1))
    #expect(settings.rows[settings.selectedIndex].key == .appearance)
    settings.send(.toggleSelected(.backward))
    #expect(settings.toggles.appearance == .dark)
    settings.send(.toggleSelected(.forward))
    #expect(settings.toggles.appearance == .system)
    settings.send(.move(by: -100))
    #expect(settings.selectedIndex == 0)
    settings.send(.requestReset)
    #expect(coordinator.confirmResetCount == 1)
    #expect(toasts.shownToasts.isEmpty)
    settings.send(.toggleSelected(.forward))
    settings.send(.resetToDefaults)
    #expect(settings.toggles == .defaults)
    #expect(toasts.shownToasts == [.info(L10n.Settings.resetDone)])
    try await time.settle()
  }
}
