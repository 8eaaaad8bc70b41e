import FunModelTestSupport
import Testing

@testable import FunCoordinator
@testable import FunCore
@testable import FunFrontend
@testable import FunModel
@testable import FunViewModel

@Suite("Deep-link routing")
@MainActor
struct DeepLinkRoutingTests {
  nonisolated static let hosts = ["funapp://", "https://fun.example/"]

  // MARK: Tabs

  @Test("tab/<name> switches to that tab", arguments: hosts, Tab.allCases)
  func tabLinks(host: String, tab: Tab) async throws {
    let harness = AppHarness()
    try await harness.start()
    if tab == .home { harness.app.tabBar.send(.select(.settings)) }
    let error = await harness.app.open("\(host)tab/\(tab.rawValue)")
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == tab)
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("settings and profile switch to their tabs", arguments: hosts, [Tab.settings, .profile])
  func shortTabLinks(host: String, tab: Tab) async throws {
    let harness = AppHarness()
    try await harness.start()
    let error = await harness.app.open("\(host)\(tab.rawValue)")
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == tab)
  }

  // MARK: Items

  @Test("item/<id> pushes the item's detail on the current tab", arguments: hosts)
  func itemOnCurrentTab(host: String) async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.search))
    let error = await harness.app.open("\(host)item/combine")
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.detailTitle(on: .search) == "Combine")
    #expect(harness.app.home.stack.titles.count == 1)
    #expect(harness.app.currentScreen.title == "Combine")
  }

  @Test(
    "item/<id>?tab=<name> pushes the detail on the named tab (one of Explore's) and switches to it",
    arguments: hosts, Activity.explore.tabs)
  func itemOnNamedTab(host: String, tab: Tab) async throws {
    let harness = AppHarness()
    try await harness.start()
    if tab == .home { harness.app.tabBar.send(.select(.settings)) }
    let error = await harness.app.open("\(host)item/macros?tab=\(tab.rawValue)")
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == tab)
    #expect(harness.detailTitle(on: tab) == "Macros")
    for other in Activity.explore.tabs where other != tab {
      #expect(harness.app.coordinator(for: other).stack.titles.count == 1)
    }
  }

  @Test("item/<id> for the detail already on top shows it and pushes nothing", arguments: hosts)
  func itemAlreadyOnTop(host: String) async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.profile))
    #expect(await harness.app.open("\(host)item/swiftui") == nil)
    #expect(await harness.app.open("\(host)item/swiftui") == nil)
    #expect(harness.app.breadcrumb == ["Profile", "SwiftUI"])
    // Another tab's stack with that detail on top: switching to it shows it, nothing more.
    harness.app.tabBar.send(.select(.search))
    #expect(await harness.app.open("\(host)item/swiftui?tab=profile") == nil)
    #expect(harness.app.tabBar.selectedTab == .profile)
    #expect(harness.app.breadcrumb == ["Profile", "SwiftUI"])
    // A detail below the top is another place: the link goes on top of it as before.
    #expect(await harness.app.open("\(host)item/combine") == nil)
    #expect(await harness.app.open("\(host)item/swiftui") == nil)
    #expect(harness.app.breadcrumb == ["Profile", "SwiftUI", "Combine", "SwiftUI"])
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("Links that alternate between two items pile up at most the stack's bound: the newest on top, the root kept")
  func alternatingLinksAreBounded() async throws {
    let harness = AppHarness()
    try await harness.start()
    let ids = ["swiftui", "combine"]
    for index in 0..<(NavigationStack.mostPushed * 2 + 1) {
      #expect(await harness.app.open("funapp://item/\(ids[index % 2])") == nil)
    }
    let stack = harness.app.home.stack
    #expect(stack.titles.count == NavigationStack.mostPushed + 1)
    #expect(stack.titles.first == "Home")
    #expect(Array(stack.titles.suffix(2)) == ["Combine", "SwiftUI"])
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  // MARK: Search

  @Test("search?q=<text> switches to Search with that query and its results", arguments: hosts)
  func searchLink(host: String) async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.tabBar.send(.select(.search))
    harness.app.search.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
    harness.app.tabBar.send(.select(.profile))
    let error = await harness.app.open("\(host)search?q=Swift%20Package")
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.app.search.stack.titles.count == 1)
    #expect(harness.app.search.viewModel.field.text == "Swift Package")
    #expect(harness.app.search.viewModel.results.map(\.id) == ["swiftpm"])
    #expect(!harness.app.search.viewModel.isSearching)
  }

  @Test("search without q shows every item")
  func searchWithoutQuery() async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.search.viewModel.send(.edit(.insert("macros")))
    let error = await harness.app.open("funapp://search")
    #expect(error == nil)
    #expect(harness.app.search.viewModel.field.text == "")
    #expect(harness.app.search.viewModel.results.count == CatalogFixtures.items.count)
  }

  // MARK: Profile

  @Test("profile/edit opens the profile's editor sheet over the Profile tab", arguments: hosts)
  func editProfile(host: String) async throws {
    let harness = AppHarness()
    try await harness.start()
    let error = await harness.app.open("\(host)profile/edit")
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == .profile)
    #expect(harness.root.sheet?.title == "Edit profile")
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("profile/edit as a guest says to sign in to a profile first, and changes nothing")
  func editProfileAsGuest() async throws {
    let harness = AppHarness(signIn: nil)
    harness.root.continueAsGuest()
    try await harness.start()
    harness.app.tabBar.send(.select(.search))

    let error = await harness.root.open("funapp://profile/edit")

    #expect(error == .profileRequired(reason: L10n.Error.guestHasNoProfile))
    #expect(harness.toasts.shownToasts == [.error("Sign in to a profile first: a guest has no profile to edit")])
    #expect(harness.root.sheet == nil)
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.app.profile.stack.titles.count == 1)
  }

  // MARK: Cold start

  @Test("An item link that arrives before the catalog loads waits for it, then routes")
  func linkBeforeLoad() async throws {
    let harness = AppHarness(latency: .milliseconds(500))
    harness.app.start()
    let routing = harness.time.tasks.start("open link") {
      await harness.app.open("funapp://item/combine?tab=favorites")
    }
    try await harness.settle()
    #expect(harness.app.tabBar.selectedTab == .home)
    #expect(harness.app.favorites.stack.titles.count == 1)
    try await harness.advance(by: .milliseconds(499))
    #expect(!harness.app.catalog.hasLoaded)
    #expect(harness.app.tabBar.selectedTab == .home)
    #expect(harness.app.favorites.stack.titles.count == 1)
    try await harness.advance(by: .milliseconds(1))
    let error = await routing.value
    #expect(error == nil)
    #expect(harness.app.tabBar.selectedTab == .favorites)
    #expect(harness.detailTitle(on: .favorites) == "Combine")
    #expect(harness.network.fetchCount == 1)
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("Links route in the order they arrive, even when the first waits for the catalog")
  func linksRouteInOrder() async throws {
    let harness = AppHarness(latency: .milliseconds(300))
    harness.app.start()
    let links = [
      "funapp://item/combine",
      "funapp://tab/settings",
      "funapp://item/macros",
      "funapp://search?q=Swift%20Package",
    ]
    var routings: [TrackedTask<AppError?>] = []
    for link in links {
      routings.append(harness.time.tasks.start("open \(link)") { await harness.app.open(link) })
      // Each link arrives once the one before it is parked, so the arrival order is `links`.
      try await harness.settle()
    }
    // Every link waits behind the item link, which waits for the catalog.
    #expect(harness.app.tabBar.selectedTab == .home)
    #expect(harness.navigationState.stacks.values.allSatisfy { $0.count == 1 })
    #expect(harness.deepLinkLog.isEmpty)
    try await harness.advance(by: .milliseconds(299))
    #expect(harness.app.tabBar.selectedTab == .home)
    #expect(harness.deepLinkLog.isEmpty)
    try await harness.advance(by: .milliseconds(1))
    for routing in routings {
      #expect(await routing.value == nil)
    }
    #expect(harness.deepLinkLog.map(\.message) == links.map { "opened \($0)" })
    // In that order: Combine on Home (selected when it routed), then Settings, Macros on
    // Settings (selected by then), then Search with its results.
    #expect(harness.detailTitle(on: .home) == "Combine")
    #expect(harness.detailTitle(on: .settings) == "Macros")
    #expect(harness.app.tabBar.selectedTab == .search)
    #expect(harness.app.search.viewModel.field.text == "Swift Package")
    #expect(harness.app.search.viewModel.results.map(\.id) == ["swiftpm"])
    #expect(harness.network.fetchCount == 1)
    #expect(harness.toasts.shownToasts.isEmpty)
  }

  @Test("A link that is the very first thing the app does starts the load itself")
  func linkStartsLoad() async throws {
    let harness = AppHarness(latency: .milliseconds(300))
    let routing = harness.time.tasks.start("open link") {
      await harness.app.open("https://fun.example/item/swiftdata")
    }
    try await harness.settle()
    #expect(harness.network.fetchCount == 1)
    #expect(harness.detailTitle(on: .home) == nil)
    try await harness.advance(by: .milliseconds(300))
    let error = await routing.value
    #expect(error == nil)
    #expect(harness.detailTitle(on: .home) == "SwiftData")
  }

  @Test("An item link whose catalog load fails shows the load's error and changes nothing")
  func linkWhenLoadFails() async throws {
    let harness = AppHarness(failure: .simulatedNetworkFailure)
    let before = harness.navigationState
    let error = await harness.app.open("funapp://item/swiftui?tab=search")
    #expect(error == .simulatedNetworkFailure)
    #expect(harness.toasts.shownToasts.last == .error(AppError.simulatedNetworkFailure.message))
    #expect(harness.navigationState == before)
  }

  // MARK: Bad links

  struct BadLink: Sendable, CustomTestStringConvertible {
    let url: String
    /// The error expected; `nil` means any `invalidDeepLink` naming `url`.
    let error: AppError?

    init(_ url: String, _ error: AppError? = nil) {
      self.url = url
      self.error = error
    }

    var testDescription: String { url.isEmpty ? "(empty)" : url }
  }

  nonisolated static let badLinks: [BadLink] = [
    BadLink("funapp://item/nope", .itemNotFound(id: "nope")),
    BadLink("https://fun.example/item/nope?tab=favorites", .itemNotFound(id: "nope")),
    BadLink("https://evil.example/tab/home"),
    BadLink("http://fun.example.evil/tab/home"),
    BadLink("ftp://fun.example/tab/home"),
    BadLink("funapp://nowhere"),
    BadLink("https://fun.example/nowhere"),
    BadLink("https://fun.example/"),
    BadLink("funapp://tab/nope"),
    BadLink("funapp://tab"),
    BadLink("funapp://tab/home/extra"),
    BadLink("funapp://item/swiftui?tab=nope"),
    BadLink("funapp://item/bad%20id"),
    BadLink("funapp://item"),
    BadLink("funapp://search/extra?q=x"),
    BadLink("funapp://settings/extra"),
    BadLink("funapp://"),
    BadLink("not a url"),
    BadLink(""),
    BadLink("funapp://tab/%1B%5B2J"),
  ]

  @Test("A bad link shows one error toast, returns that error and changes nothing", arguments: badLinks)
  func badLink(link: BadLink) async throws {
    let harness = AppHarness()
    try await harness.start()
    harness.app.home.viewModel.list.send(.open(CatalogFixtures.item("swiftui")))
    harness.app.tabBar.send(.select(.search))
    harness.app.search.viewModel.send(.edit(.insert("swift")))
    harness.app.search.viewModel.list.send(.open(CatalogFixtures.item("combine")))
    harness.app.tabBar.send(.select(.favorites))
    let before = harness.navigationState

    let error = try #require(await harness.app.open(link.url))
    try await harness.settle()

    if let expected = link.error {
      #expect(error == expected)
    } else if case .invalidDeepLink(let named, _) = error {
      #expect(named == link.url)
    } else {
      Issue.record("expected invalidDeepLink for \(link.url), got \(error)")
    }
    #expect(harness.toasts.shownToasts == [.error(error.message)])
    #expect(harness.navigationState == before)
  }

  @Test("A bad link's toast reaches the frame sanitised")
  func badLinkToastIsSanitised() async throws {
    let harness = AppHarness()
    try await harness.start()
    await harness.app.open("funapp://tab/%1B%5D0;pwn%07%1B%5B2J")
    try await harness.settle()
    // The toast takes the bottom two lines: the tab's name is quoted with its escapes visible.
    let frame = harness.root.rootView.render(size: .standard)
    let bottom = frame.line(22) + frame.line(23)
    #expect(bottom.hasPrefix(" ✗ Cannot open funapp://tab/"))
    #expect(bottom.contains("\\u{1B}]0;pwn\\u{07}"))
    #expect(!bottom.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    #expect(!bottom.contains(Canvas.replacement))
  }
}
