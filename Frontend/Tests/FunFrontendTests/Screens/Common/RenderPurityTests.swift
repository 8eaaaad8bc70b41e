import FunModelTestSupport
import Testing

@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("Pure rendering")
@MainActor
struct RenderPurityTests {
  @Test(
    "Rendering only reads: the same state draws the same frame, changes nothing it read, and keys do the same with or without frames between them",
    arguments: PurityCase.everyScreen, TerminalSize.snapshotSizes + [TerminalSize(columns: 30, rows: 10)]
  )
  func renderIsPure(purityCase: PurityCase, size: TerminalSize) async throws {
    // 30x10, below the minimum, covers the "too small" notice.
    #expect(try await RenderPurity.check(purityCase, size: size) == .pure)
  }

  @Test("The check catches a render that writes", arguments: zip(PurityCase.impure, PurityCase.impureFindings))
  func checkCatchesImpureRenders(purityCase: PurityCase, expected: RenderPurity) async throws {
    #expect(try await RenderPurity.check(purityCase, size: .standard) == expected)
  }
}

extension PurityCase {
  /// Every screen, and the root view's own states (help, command line, each kind of toast), each
  /// with keys that change its view state. The legibility tests draw these too, in every theme.
  static let everyScreen: [PurityCase] = [
    PurityCase(name: "Home, loaded", keys: [.down, .down, .right, .char("f"), .up]) {
      let harness = ScreenHarness()
      harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
      try await harness.loadCatalog()
      return harness
    },
    PurityCase(name: "Home, loading", keys: [.down, .right]) {
      let harness = ScreenHarness(latency: .milliseconds(500))
      let model = harness.homeViewModel()
      harness.show(HomeScreen(viewModel: model, strings: harness.strings), on: .home)
      harness.time.tasks.start("home load") { _ = try? await harness.catalog.load() }
      try await harness.settle()
      return harness
    },
    PurityCase(name: "Search, typing in the field", keys: [.char("i"), .escape, .down, .right, .char("/")]) {
      let harness = ScreenHarness()
      let model = harness.searchViewModel()
      harness.show(SearchScreen(viewModel: model, strings: harness.strings), on: .search)
      await model.searchNow()
      harness.press(.char("/"))
      harness.type("sw")
      try await harness.settle()
      return harness
    },
    PurityCase(name: "Favorites", keys: [.down, .char("x"), .up]) {
      let harness = ScreenHarness(favorites: ["swiftui", "macros", "swiftpm"])
      harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
      try await harness.loadCatalog()
      return harness
    },
    PurityCase(name: "Profile, before the catalog has loaded", keys: [.down, .char("j")]) {
      let harness = ScreenHarness(favorites: ["swiftui"])
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      return harness
    },
    PurityCase(name: "Profile, a favorite not in the catalog", keys: [.down, .char("j")]) {
      let harness = ScreenHarness(favorites: ["swiftui", "removed-from-catalog"])
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      try await harness.loadCatalog()
      return harness
    },
    PurityCase(name: "Sign in, profiles and the field", keys: [.down, .down, .down, .char("a"), .backspace, .up]) {
      let harness = ScreenHarness(profiles: ["ada", "bob"])
      harness.showSignedOut(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings))
      return harness
    },
    PurityCase(name: "Sign in, a refused name", keys: [.char("x"), .enter, .down]) {
      let harness = ScreenHarness()
      harness.showSignedOut(SignInScreen(viewModel: harness.signInViewModel(), strings: harness.strings))
      harness.type("no spaces")
      harness.press(.enter)
      return harness
    },
    PurityCase(name: "A question sheet over Home", keys: [.down, .char("q"), .tab]) {
      let harness = ScreenHarness()
      harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
      try await harness.loadCatalog()
      harness.present(
        harness.confirmationSheet(
          title: L10n.Sheet.signOutTitle, message: L10n.Sheet.signOutGuest, confirmTitle: L10n.Sheet.signOutAction
        ) {})
      return harness
    },
    PurityCase(name: "The profile editor", keys: [.char("x"), .tab, .char("y"), .backspace, .backTab]) {
      let harness = ScreenHarness()
      harness.show(ProfileScreen(viewModel: harness.profileViewModel(), strings: harness.strings), on: .profile)
      harness.present(harness.profileEditorSheet())
      return harness
    },
    PurityCase(name: "Settings", keys: [.down, .char(" "), .up]) {
      let harness = ScreenHarness()
      harness.show(SettingsScreen(viewModel: harness.settingsViewModel(), strings: harness.strings), on: .settings)
      return harness
    },
    PurityCase(name: "Sources, loaded", keys: [.char("r")]) {
      let harness = ScreenHarness()
      try await harness.loadCatalog()
      let model = SourcesViewModel(catalog: harness.catalog, toasts: harness.toasts, tasks: harness.time.tasks)
      harness.show(SourcesScreen(viewModel: model, strings: harness.strings), on: .sources)
      return harness
    },
    PurityCase(name: "My items, two of yours", keys: [.down, .char("f"), .up]) {
      let harness = ScreenHarness()
      try await harness.loadCatalog()
      let store = try await harness.myItemsStore(items: MyItemsScreenTests.ownItems)
      harness.show(
        MyItemsScreen(viewModel: harness.myItemsViewModel(store: store), strings: harness.strings), on: .myItems)
      return harness
    },
    PurityCase(name: "The item form, a refused field", keys: [.char("x"), .tab, .down, .enter, .backTab]) {
      let harness = ScreenHarness()
      try await harness.loadCatalog()
      let store = try await harness.myItemsStore(items: MyItemsScreenTests.ownItems)
      harness.show(
        MyItemsScreen(viewModel: harness.myItemsViewModel(store: store), strings: harness.strings), on: .myItems)
      harness.present(harness.myItemFormSheet(store: store))
      harness.type("field-notes")
      harness.press(.ctrl("s"))
      return harness
    },
    PurityCase(name: "The activity switcher over Search", keys: [.down, .up, .char("j")]) {
      let harness = ScreenHarness()
      harness.show(SearchScreen(viewModel: harness.searchViewModel(), strings: harness.strings), on: .search)
      harness.press(.char("a"))
      return harness
    },
    PurityCase(name: "Detail, scrolled", keys: [.down, .down, .down, .up, .char("j")]) {
      let harness = ScreenHarness()
      try await harness.settle()
      let item = CatalogFixtures.item("concurrency")
      harness.show(
        DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .home,
        trail: [harness.strings(L10n.Tab.home), item.title])
      harness.press(.down)
      return harness
    },
    PurityCase(name: "Root, help showing", keys: [.char("x"), .char("?")]) {
      try await homeWith(.char("?"))
    },
    PurityCase(name: "Root, command line open", keys: [.char("b"), .backspace, .backspace, .char(":")]) {
      try await homeWith(.char(":"), .char("t"), .char("a"))
    },
    PurityCase(name: "Root, an info toast showing", keys: [.tab, .backTab]) {
      try await homeWith(toast: .info(L10n.Detail.sharedToast("SwiftUI")))
    },
    PurityCase(name: "Root, a success toast showing", keys: [.down]) {
      try await homeWith(toast: .success(L10n.Refresh.done))
    },
    PurityCase(name: "Root, an error toast showing", keys: [.down]) {
      try await homeWith(toast: .error(AppError.itemNotFound(id: "nope").text))
    },
    PurityCase(name: "Home, the first load failed", keys: [.down, .char("f")]) {
      let harness = ScreenHarness(
        failure: .network(url: "https://fun.example/catalog.json", reason: .verbatim("refused")))
      harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
      try await harness.loadCatalog()
      return harness
    },
    PurityCase(name: "Detail, a favorite", keys: [.char("f"), .char("f"), .char("s")]) {
      let harness = ScreenHarness(favorites: ["swiftpm"])
      try await harness.settle()
      let item = CatalogFixtures.item("swiftpm")
      harness.show(
        DetailScreen(viewModel: harness.detailViewModel(item), strings: harness.strings), on: .favorites,
        trail: [harness.strings(L10n.Tab.favorites), item.title])
      return harness
    },
    PurityCase(name: "Favorites, none yet", keys: [.down]) {
      let harness = ScreenHarness()
      harness.show(FavoritesScreen(viewModel: harness.favoritesViewModel(), strings: harness.strings), on: .favorites)
      try await harness.loadCatalog()
      return harness
    },
  ]

  /// Deliberately impure screens, to prove ``RenderPurity`` can fail.
  static let impure: [PurityCase] = [
    PurityCase(name: "a screen counting its frames", keys: []) {
      showing(FrameCountingScreen())
    },
    PurityCase(name: "a screen recording its layout while drawing", keys: [.down]) {
      showing(LayoutRecordingScreen())
    },
  ]

  /// What the check finds in each of ``impure``.
  static let impureFindings: [RenderPurity] = [
    RenderPurity(changedWhatItRead: true, framesDiffer: true, keysDependOnFrames: false),
    RenderPurity(changedWhatItRead: false, framesDiffer: false, keysDependOnFrames: true),
  ]

  private init(name: String, keys: [Key], setUp: @escaping @MainActor @Sendable () async throws -> ScreenHarness) {
    self.init(name: name, setUp: setUp, keys: keys)
  }

  /// Home, loaded, after `keys`.
  @MainActor
  private static func homeWith(_ keys: Key...) async throws -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(HomeScreen(viewModel: harness.homeViewModel(), strings: harness.strings), on: .home)
    try await harness.loadCatalog()
    for key in keys {
      harness.press(key)
    }
    return harness
  }

  /// Home, loaded, with `toast` showing.
  @MainActor
  private static func homeWith(toast: ToastEvent) async throws -> ScreenHarness {
    let harness = try await homeWith()
    harness.toasts.show(toast)
    try await harness.settle()
    return harness
  }

  /// `screen` on Home.
  @MainActor
  private static func showing(_ screen: any Screen) -> ScreenHarness {
    let harness = ScreenHarness()
    harness.show(screen, on: .home)
    return harness
  }
}
