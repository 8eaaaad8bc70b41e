import FunCore
import FunFrontend
import FunModel
import FunViewModel
import Observation

/// The root of navigation: signed out, the sign-in screen; signed in, the session's
/// ``AppCoordinator`` with its activities and their tabs. It lives as long as the app, and so do the catalog,
/// the toast line and the feature toggles it holds; everything of a session lives in the
/// session's flow and its service scope.
///
/// It reads the app's services through ``RootDependencies``. Signing in makes a scope of the
/// app's locator (``/FunCore/ServiceLocator/makeScope()``), fills it with the session's services
/// (``/FunModel/SessionServicesRegistrar``) and builds the flow over the scope's
/// `SessionDependencies`. Signing out drops the flow — every coordinator and ViewModel of it is
/// released — and ends the scope: the session's tasks are cancelled, its services finish their
/// streams and save nothing more.
///
/// Sheets: the root presents one sheet at a time over whatever shows (`present(_:endsSession:)`,
/// the one way a sheet reaches the screen); it takes the keys until it is dismissed. Signing out
/// and deleting a profile ask first, in a question sheet presented the same way
/// (`presentQuestion`, as every coordinator's question is).
///
/// Deep links that arrive while nobody is signed in, or while a sheet is up, are held, in
/// arrival order (at most 16: a link beyond that drops the oldest, with a log line), and routed
/// once someone is signed in and no sheet is up; the sign-in screen says that they wait
/// (``waitingLinkCount``), and over a sheet the sheet does (``sheetNotice``). Signing out drops
/// them.
@Observable
@MainActor
public final class RootCoordinator: Navigator, SignInCoordinating, SheetPresenting {
  enum State {
    /// Nobody is signed in: the sign-in screen shows, drawing `model`.
    case signedOut(screen: any Screen, model: SignInViewModel)
    /// A session is open: its flow shows.
    case signedIn(AppCoordinator)
  }

  /// How many links wait (for a sign-in, or for a sheet to close) at most; one more drops the
  /// oldest (and logs it).
  static let heldLinkLimit = 16

  /// Where the app is: read while drawing, so signing in or out redraws.
  private(set) var state: State

  /// A sheet on screen, and whether confirming it ends the session (and so drops the links
  /// that wait for it to close).
  struct ShownSheet {
    let sheet: any Sheet
    let endsSession: Bool
  }

  /// The sheet over the screen, if any, with what its confirmation does.
  private var shown: ShownSheet?

  /// The sheet over the screen, if any.
  public var sheet: (any Sheet)? {
    shown?.sheet
  }

  private let toast: ToastViewModel
  /// The catalog every session reads (loaded once, kept across sessions).
  private let catalog: CatalogStore
  /// The feature toggles, app-wide: the appearance of every screen, signed in or not.
  public let toggles: TogglesStore

  /// The frame and key routing, bound to this coordinator.
  @ObservationIgnored public private(set) lazy var rootView: RootView = {
    RootView(
      toast: toast,
      spinner: ActivitySpinner(clock: services.clock, tasks: services.tasks),
      navigator: self,
      runCommand: { [weak self] line in self?.commandHandler?(line) },
      suspend: { [weak self] in self?.suspendHandler?() },
      strings: services.strings
    )
  }()

  /// Runs a line typed on the `:` command line; the app sets it to its script interpreter.
  @ObservationIgnored public var commandHandler: (@MainActor (String) -> Void)?

  /// Stops the app until the shell continues it, on Ctrl-Z; interactive mode sets it to suspend
  /// the terminal's job. Without one (script mode: no terminal, no job), Ctrl-Z does nothing.
  @ObservationIgnored public var suspendHandler: (@MainActor () -> Void)?

  @ObservationIgnored private let services: RootDependencies
  @ObservationIgnored private let styleSupport: StyleSupport
  /// The clock the stores look for another Fun's saves on, every second; `nil`: they never do.
  @ObservationIgnored private let watchClock: (any Clock<Duration>)?
  @ObservationIgnored private var scope: ServiceLocator?
  /// The end of the last session, which lets its profile go only once its saves are done.
  @ObservationIgnored private var sessionEnd: TrackedTask<Void>?
  /// Links waiting for a sign-in or for the sheet to close, oldest first; observed, so the
  /// sign-in screen's notice follows it.
  private var heldLinks: [String] = []

  /// Builds the root over the app's `services`, signed out until ``start(session:)``. With
  /// `watchesOutsideChanges` the favorites, your items and the toggles show what another Fun on
  /// the same state folder saves, within a second of the app's clock.
  public init(services: RootDependencies, styleSupport: StyleSupport, watchesOutsideChanges: Bool = false) {
    self.services = services
    self.styleSupport = styleSupport
    watchClock = watchesOutsideChanges ? services.clock : nil
    toggles = TogglesStore(service: services.featureToggles, tasks: services.tasks, watchClock: watchClock)
    catalog = CatalogStore(network: services.network, toggles: toggles, tasks: services.tasks)
    toast = ToastViewModel(toasts: services.toasts, clock: services.clock, tasks: services.tasks)
    let signedOut = Self.signedOut(services)
    state = signedOut.state
    signedOut.model.coordinator = self
  }

  /// The sign-in screen over a new model, `row` selected (else the first profile). Static, as
  /// the initialiser needs it before `self` exists: the caller makes itself the coordinator.
  private static func signedOut(
    _ services: RootDependencies, selecting row: SignInViewModel.Row? = nil
  ) -> (state: State, model: SignInViewModel) {
    let signIn = SignInViewModel(profiles: services.profiles, tasks: services.tasks, selecting: row)
    return (.signedOut(screen: Screens.signIn(viewModel: signIn, strings: services.strings), model: signIn), signIn)
  }

  /// Starts loading the catalog and opens the first session: `session` when the command line
  /// names one, else the profile remembered from the last run, else none (the sign-in screen).
  public func start(session requested: Session? = nil) {
    let catalog = catalog
    // A head start while the sign-in screen shows. Silent: the session's first load joins it
    // (or retries it) and reports its failure, once (``AppCoordinator``'s `start()`).
    services.tasks.start("catalog preload") { _ = try? await catalog.load() }
    switch requested {
    case .profile(let name):
      signInOrLog(name.value)
    case .guest:
      continueAsGuest()
    case nil:
      if let remembered = services.profiles.rememberedProfile {
        signInOrLog(remembered.value)
      }
    }
  }

  /// The open session's flow; `nil` while signed out.
  public var signedIn: AppCoordinator? {
    guard case .signedIn(let flow) = state else { return nil }
    return flow
  }

  // MARK: Sessions

  /// Signs in to the profile `name` (created if there is none), ending any open session first.
  /// - Throws: ``/FunModel/AppError/invalidProfileName(_:reason:)``; nothing changes then.
  public func signIn(profileNamed name: String) throws(AppError) {
    let profile = try services.profiles.signIn(name)
    open(.profile(profile))
  }

  /// Starts a guest session, ending any open session first. A guest is never remembered.
  public func continueAsGuest() {
    open(.guest)
  }

  /// Asks, in a sheet, whether to sign out, as the Profile tab does (its coordinator asks);
  /// signs out on confirmation. Does nothing while signed out.
  public func confirmSignOut() {
    signedIn?.profile.confirmSignOut()
  }

  /// Asks, in a sheet, whether to delete the profile `name`; deletes it on confirmation (a
  /// failure shows as an error toast), once the session just signed out of has let its
  /// profile go: until its saves are done it holds the profile, which would be refused as
  /// another Fun's.
  public func confirmDeleteProfile(_ name: ProfileName) {
    let (profiles, toasts, tasks) = (services.profiles, services.toasts, services.tasks)
    presentQuestion(
      title: L10n.Sheet.deleteTitle(name.value), message: L10n.Sheet.deleteMessage,
      confirmTitle: L10n.Sheet.deleteAction, strings: services.strings
    ) { [sessionEnd, weak self] in
      // The list drops the profile at once: drawn or read before the deletion lands, it would
      // still offer the profile being deleted.
      let signIn: SignInViewModel? = if case .signedOut(_, let model) = self?.state { model } else { nil }
      signIn?.send(.deletionStarted(name))
      tasks.start("profile deletion") {
        await sessionEnd?.value
        do throws(AppError) {
          try profiles.deleteProfile(name)
          toasts.show(.info(L10n.Sheet.deleted(name.value)))
        } catch {
          signIn?.send(.deletionFailed(name))
          toasts.show(.error(error.text))
        }
      }
    }
  }

  /// Ends the session at once: forgets the remembered profile, drops held links, a sheet and
  /// the flow, and ends the session's scope. Does nothing while signed out.
  func signOut() {
    guard let flow = signedIn else { return }
    services.profiles.forgetRememberedProfile()
    heldLinks = []
    close()
    services.logger.info("signed out of \(flow.session)", category: "session")
  }

  private func signInOrLog(_ name: String) {
    do throws(AppError) {
      try signIn(profileNamed: name)
    } catch {
      services.logger.error(error.message, category: "session")
      services.toasts.show(.error(error.text))
    }
  }

  private func open(_ session: Session) {
    close()
    let scope = services.locator.makeScope()
    services.sessionServices.registerServices(for: session, in: scope)
    do throws(ServiceLocatorError) {
      try scope.verify(RequiredServices.sessionKeys, ownOnly: true)
    } catch {
      // A composition-root mistake, a session service not registered: fail loudly, naming the keys.
      fatalError(error.description)
    }
    // The toggles are app-wide: a guest's changes to them last until ``close()`` ends the
    // session, as its items do.
    toggles.beginSession(savesChanges: session.savesChanges)
    let dependencies = SessionDependencies(locator: scope)
    let flow = AppCoordinator(
      session: session, dependencies: dependencies, catalog: catalog, toggles: toggles, presenter: self,
      watchClock: watchClock)
    self.scope = scope
    state = .signedIn(flow)
    flow.start()
    routeHeldLinks()
    services.logger.info("signed in as \(session)", category: "session")
  }

  /// Drops the open session, if any, and shows the sign-in screen.
  private func close() {
    shown = nil
    guard let flow = signedIn else { return }
    // A guest's toggle changes end with its session: the sign-in screen and the next session
    // show the saved toggles.
    toggles.endSession()
    // The session just ended stays selected: signing back in, or switching, starts from it.
    let justUsed: SignInViewModel.Row =
      switch flow.session {
      case .profile(let name): .profile(name)
      case .guest: .guest
      }
    let signedOut = Self.signedOut(services, selecting: justUsed)
    signedOut.model.coordinator = self
    state = signedOut.state
    // The session's last saves finish before its services close, so a change made just
    // before signing out is kept. So do the first reads of its files: closing a service takes
    // its file's lock, which a read of a file near the size cap holds a long while, and the
    // close runs here, on the main actor, which must keep answering keys meanwhile.
    let (ending, stores) = (scope, flow.savingStores)
    scope = nil
    sessionEnd = services.tasks.start("session end") {
      for store in stores { await store.finishLoading() }
      for store in stores { await store.finishSaving() }
      ending?.end()
    }
  }

  /// Returns once every change made so far (favorites, your items, settings) is saved; the app waits for
  /// it before it quits.
  public func finishSaving() async {
    for store in signedIn?.savingStores ?? [] { await store.finishSaving() }
    await toggles.finishSaving()
  }

  // MARK: Sheets

  /// Shows `sheet` over the screen, replacing any other; `endsSession` if confirming it ends
  /// the session.
  func present(_ sheet: any Sheet, endsSession: Bool) {
    shown = ShownSheet(sheet: sheet, endsSession: endsSession)
  }

  /// Closes the sheet; links that waited for it route now.
  public func dismissSheet() {
    shown = nil
    routeHeldLinks()
  }

  // MARK: Deep links

  /// Routes a deep link in the open session, one at a time in the order they arrive; while
  /// signed out or while a sheet is up it is held until it can route (over a sheet, the sheet
  /// says how many links wait for it to close: ``sheetNotice``). Returns the error it showed as
  /// a toast, if it could not route.
  @discardableResult
  public func open(_ url: String) async -> AppError? {
    if let flow = signedIn, sheet == nil {
      return await flow.open(url)
    }
    if heldLinks.count == Self.heldLinkLimit {
      let oldest = heldLinks.removeFirst()
      services.logger.warning(
        "dropped the oldest waiting link, \(oldest): at most \(Self.heldLinkLimit) wait", category: "deeplink")
    }
    heldLinks.append(url)
    return nil
  }

  /// Over a sheet, that links wait for it to close, for exactly as long as they do: without it
  /// a link would seem lost until the sheet closes. It promises only what will happen: it
  /// counts the links the session will open (not one it refuses, a guest's link into Studio
  /// say: that one's toast says why when the sheet closes), and over a question whose yes ends
  /// the session it says that confirming drops them. Signed out, the sign-in screen says it
  /// instead (links wait for a sign-in there, not for the sheet).
  public var sheetNotice: LocalizedText? {
    guard let flow = signedIn, let shown else { return nil }
    let opening = heldLinks.count { flow.refusal(of: $0) == nil }
    guard opening > 0 else { return nil }
    return shown.endsSession ? L10n.Sheet.linksDroppedBySignOut(opening) : L10n.Sheet.linksWaiting(opening)
  }

  /// How many deep links wait for a sign-in or for the sheet to close.
  public var waitingLinkCount: Int {
    heldLinks.count
  }

  private func routeHeldLinks() {
    guard let flow = signedIn, sheet == nil else { return }
    let links = heldLinks
    heldLinks = []
    for link in links {
      flow.schedule(link)
    }
  }

  // MARK: Navigator

  /// The sign-in screen while signed out, else the top of the selected tab's stack.
  public var currentScreen: any Screen {
    switch state {
    case .signedOut(let screen, _): screen
    case .signedIn(let flow): flow.currentScreen
    }
  }

  /// The selected tab's stack by title, root first; the sign-in screen's title while signed out.
  public var breadcrumb: [String] {
    signedIn?.breadcrumb ?? [currentScreen.title]
  }

  /// The session's tab bar; `nil` while signed out, when no tab bar shows.
  public var tabBar: TabBarViewModel? {
    signedIn?.tabBar
  }

  /// Whether the session has a favorite removal to undo; `false` while signed out.
  public var canUndo: Bool {
    signedIn?.canUndo ?? false
  }

  /// Undoes the session's last favorite removal (``AppCoordinator``'s `undo`); does nothing
  /// while signed out.
  public func undo() {
    signedIn?.undo()
  }

  /// Who is signed in, in the app's language (a profile's name, or the guest's label); `nil`
  /// while signed out.
  public var sessionName: String? {
    signedIn.map { services.strings($0.session.label) }
  }

  /// Whether a change is still being saved: to the toggles, or to the session's favorites or
  /// items (what ``finishSaving()`` waits for). The one saving state: the frame's spinner shows
  /// it on every screen, so no screen shows a saving state of its own.
  public var isSaving: Bool {
    toggles.isSaving || signedIn?.savingStores.contains { $0.isSaving } == true
  }

  /// The theme the appearance toggle picks, within what the terminal can show.
  public var theme: Theme {
    Theme.resolved(for: toggles.toggles.appearance, support: styleSupport)
  }

  /// Whether the selected tab's stack has a screen over its root; `false` while signed out.
  public var canGoBack: Bool {
    signedIn?.canGoBack ?? false
  }

  /// Pops the selected tab's stack; `false` at its root, and while signed out.
  public func goBack() -> Bool {
    signedIn?.goBack() ?? false
  }

  /// Shows the session's search tab at its first screen, its field focused; does nothing while
  /// signed out.
  public func showSearch() {
    guard let flow = signedIn else { return }
    flow.showSearch()
    _ = flow.currentScreen.focusTextField()
  }

  /// Changes which tab of the session shows, through its one way (``AppCoordinator``'s
  /// `switchTabs`); does nothing while signed out.
  public func switchTabs(_ action: TabBarViewModel.Action) {
    signedIn?.switchTabs(action)
  }

  /// Presents the session's activity switcher, the field under it left; does nothing while
  /// signed out.
  public func showActivitySwitcher() {
    guard let flow = signedIn else { return }
    flow.leaveTextField()
    let model = ActivitySwitcherViewModel(tabBar: flow.tabBar)
    model.coordinator = self
    present(Sheets.activitySwitcher(viewModel: model, strings: services.strings))
  }
}
