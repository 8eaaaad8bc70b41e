import FunCore
import FunFrontend
import FunModel
import FunViewModel

/// The signed-in flow: the tab bar with its activities, one coordinator per tab of every
/// activity (each with its own stack, kept while another activity shows), and deep links.
/// ``RootCoordinator`` builds one per session and lets go of it at sign-out, and with it every
/// coordinator and ViewModel below.
///
/// Deep links reach it through ``RootCoordinator/open(_:)``: a link switches activity, then
/// tab, then does what it names. An item's link that arrives before the catalog has loaded
/// waits for the load, then routes (links after it wait their turn); a link that cannot be
/// routed, or that a guest may not open, shows an error toast and changes nothing.
@MainActor
public final class AppCoordinator {
  let session: Session
  /// The tab bar: which activity shows, and which of its tabs.
  public let tabBar = TabBarViewModel()
  /// The catalog every tab reads.
  public var catalog: CatalogStore { stores.catalog }
  /// The favorites every tab marks and counts.
  public var favoritesStore: FavoritesStore { stores.favorites }
  /// The session's stores that save, which its end and the app's quitting wait for.
  var savingStores: [any SavingStore] { stores.saving }
  let home: HomeCoordinator
  let search: SearchCoordinator
  let favorites: FavoritesCoordinator
  let profile: ProfileCoordinator
  let settings: SettingsCoordinator
  let myItems: MyItemsCoordinator
  let sources: SourcesCoordinator

  private let dependencies: SessionDependencies
  private let stores: SharedStores
  private var lastRouting: TrackedTask<AppError?>?

  /// Builds every tab's coordinator and screen over the session's `dependencies` and the
  /// app-wide `catalog` and `toggles`; `presenter` (held weakly) shows their sheets.
  init(
    session: Session, dependencies: SessionDependencies, catalog: CatalogStore, toggles: TogglesStore,
    presenter: any SheetPresenting, watchClock: (any Clock<Duration>)?
  ) {
    self.session = session
    self.dependencies = dependencies
    let stores = SharedStores(
      session: session, catalog: catalog, toggles: toggles, dependencies: dependencies, watchClock: watchClock)
    self.stores = stores
    home = HomeCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
    search = SearchCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
    favorites = FavoritesCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
    profile = ProfileCoordinator(session: session, stores: stores, dependencies: dependencies, presenter: presenter)
    settings = SettingsCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
    myItems = MyItemsCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
    sources = SourcesCoordinator(stores: stores, dependencies: dependencies, presenter: presenter)
    home.flow = self
  }

  /// Starts the session's first catalog load and the Search tab's show-all search.
  ///
  /// The load's failure is reported here, the one place, once: an error toast, which shows on
  /// whatever tab is up (every list tab shows it in place as well, its list's status). No tab
  /// toasts it: several wait for this load, and each would say the same. A refresh's failure is
  /// the tab's that refreshed (``/FunViewModel/CatalogRefresh``); the root's preload, started
  /// before anyone signs in, is silent, as this load joins it (or, after it failed, retries).
  /// A saved copy on screen does not end this load: a server that answers it with an error
  /// (a 404, a certificate it cannot trust) is reported too.
  func start() {
    let (catalog, toasts, search) = (catalog, dependencies.toasts, search.viewModel)
    dependencies.tasks.start("first load") {
      do throws(AppError) {
        try await catalog.loadFromSource()
      } catch {
        toasts.show(.error(error.text))
      }
    }
    dependencies.tasks.start("first search") { await search.searchNow() }
  }

  func coordinator(for tab: Tab) -> TabCoordinator {
    switch tab {
    case .home: home
    case .search: search
    case .favorites: favorites
    case .profile: profile
    case .settings: settings
    case .myItems: myItems
    case .sources: sources
    }
  }

  var selectedCoordinator: TabCoordinator {
    coordinator(for: tabBar.selectedTab)
  }

  // MARK: Navigation

  /// The screen on top of the selected tab's stack.
  var currentScreen: any Screen {
    selectedCoordinator.stack.top
  }

  /// The titles of the selected tab's stack, root first.
  var breadcrumb: [String] {
    selectedCoordinator.stack.titles
  }

  /// Whether the selected tab's stack has a screen over its root.
  var canGoBack: Bool {
    !selectedCoordinator.stack.pushed.isEmpty
  }

  /// Pops the selected tab's stack; `false` at its root.
  func goBack() -> Bool {
    selectedCoordinator.stack.pop()
  }

  /// Changes which tab shows, as `action` asks of the tab bar: the one way every path does it
  /// (keys, clicks, the script's `tab` and `activity`, links, Home's "go to profile"), so a
  /// tab switched away from never keeps its field focused, and selecting the tab already
  /// selected takes it back to its root, as tapping a selected tab does.
  func switchTabs(_ action: TabBarViewModel.Action) {
    leaveTextField()
    if case .select(let tab) = action, tab == tabBar.selectedTab {
      selectedCoordinator.stack.popToRoot()
    } else {
      tabBar.send(action)
    }
  }

  /// Takes the focus from the field of the screen that shows: something is about to cover it
  /// (another tab, the activity switcher), and on coming back keys should navigate, not type.
  func leaveTextField() {
    currentScreen.leaveTextField()
  }

  /// Selects the search tab (switching to its activity) at its first screen, where the field
  /// is: from a detail opened there, back to it.
  func showSearch() {
    switchTabs(.select(.search))
    search.stack.popToRoot()
  }

  /// Whether a favorite removal, made on any screen, can be undone.
  var canUndo: Bool {
    stores.favorites.canUndoRemoval
  }

  /// Undoes the last favorite removal through the Favorites tab, whichever tab shows: the one
  /// way `u` acts, so the item comes back selected in the tab that lists it.
  func undo() {
    favorites.viewModel.send(.undoRemoval)
  }

  // MARK: Deep links

  /// Routes a deep link; returns the error it showed as a toast, if it could not.
  ///
  /// Links are routed one at a time, in the order they arrive: a tab link that comes while an
  /// item link waits for the catalog is applied after that item link, not before it.
  @discardableResult
  func open(_ url: String) async -> AppError? {
    await schedule(url).value
  }

  /// Queues a deep link behind the ones before it, in a task of the session; the task's value
  /// is the error it showed, if any.
  @discardableResult
  func schedule(_ url: String) -> TrackedTask<AppError?> {
    let previous = lastRouting
    let routing = dependencies.tasks.start("deep link") { [weak self] () -> AppError? in
      _ = await previous?.value
      return await self?.route(url)
    }
    lastRouting = routing
    return routing
  }

  /// Whether the session ended while a link was on its way. Ending it cancels the session's
  /// tasks, a link's among them, and ends the services the link would use: it routes nowhere.
  private var sessionHasEnded: Bool {
    Task.isCancelled
  }

  private func route(_ url: String) async -> AppError? {
    guard !sessionHasEnded else { return nil }
    do throws(AppError) {
      try await route(DeepLink(parsing: url))
      guard !sessionHasEnded else { return nil }
      dependencies.logger.info("opened \(url)", category: "deeplink")
      return nil
    } catch {
      guard !sessionHasEnded else { return nil }
      dependencies.logger.warning(error.message, category: "deeplink")
      dependencies.toasts.show(.error(error.text))
      return error
    }
  }

  /// Why this session will not route `url`, known before it routes: it is not a link, or a
  /// guest may not open it. `nil` for a link it will try (which can still fail: an item not in
  /// the catalog is known only once the catalog has loaded).
  func refusal(of url: String) -> AppError? {
    do throws(AppError) {
      return refusal(of: try DeepLink(parsing: url))
    } catch {
      return error
    }
  }

  private func refusal(of link: DeepLink) -> AppError? {
    guard case .guest = session, let reason = link.guestRefusal else { return nil }
    return .profileRequired(reason: reason)
  }

  private func route(_ link: DeepLink) async throws(AppError) {
    if let refusal = refusal(of: link) {
      throw refusal
    }
    switch link {
    case .tab, .activity:
      show(link)
    case .item(let id, _):
      try await catalog.load()
      guard !sessionHasEnded else { return }
      guard let item = catalog.item(withID: id) else {
        throw .itemNotFound(id: id)
      }
      show(link)
      selectedCoordinator.showDetail(for: item)
    case .search(let query):
      show(link)
      search.stack.popToRoot()
      await search.viewModel.search(for: query)
    case .editProfile:
      try profile.openEditor()
      show(link)
    }
  }

  /// Switches to the link's activity (where it was left), then to its tab. A link to a tab
  /// shows it as tapping it does (the tab already selected goes back to its root); a link that
  /// goes on to show something there (an item, the editor) leaves a selected tab's stack be.
  private func show(_ link: DeepLink) {
    if let activity = link.activity {
      switchTabs(.switchTo(activity))
    }
    guard let tab = link.tab else { return }
    switch link {
    case .tab, .activity: switchTabs(.select(tab))
    case .item, .search, .editProfile: if tab != tabBar.selectedTab { switchTabs(.select(tab)) }
    }
  }
}
