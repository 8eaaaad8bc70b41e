import FunCoordinator
import FunFrontend
import FunModel
import FunSpoken
import FunViewModel

/// Screen-reader mode's view of the running app: builds what is on screen as a
/// ``/FunSpoken/SpokenScene`` from navigation, hands it to the ``/FunSpoken/ScreenReader`` and
/// collects what it says, so the interactive session and script mode print the same lines.
///
/// Keys still go through the root view and the screens' binding tables, as in full-screen
/// mode; only `?` (which reads the keys instead of showing the overlay), `.` (where you are),
/// `,` (an item's description again) and `:help` (which reads the commands instead of listing them) are the reader's. Every line is sanitised here, since item titles come from data and the
/// terminal must get no escape sequence from them.
@MainActor
final class SpokenView {
  private let application: FunApplication
  private let reader: ScreenReader
  /// The toast line, followed as the full-screen bottom line follows it.
  private let toast: ToastViewModel
  /// What `?` and `.` said since the last ``take()``.
  private var pending: [String] = []

  /// A view of `application` speaking `strings`' language; it takes over `?` and `.`. `askedBy`
  /// is the option or variable that asked for it, `nil` for the Settings toggle.
  init(application: FunApplication, services: RootDependencies, askedBy: String?) {
    self.application = application
    reader = ScreenReader(strings: services.strings, askedBy: askedBy)
    toast = ToastViewModel(toasts: services.toasts, clock: application.time.clock, tasks: application.time.tasks)
    // Said, not drawn: the `:` line hides no toast, so none waits for it to close.
    application.rootView.isDrawn = false
    application.rootView.helpReader = { [weak self] in
      guard let self else { return }
      pending += reader.keys(of: scene())
    }
    application.rootView.whereAmI = { [weak self] in
      guard let self else { return }
      pending += reader.whereYouAre(in: scene())
    }
    application.rootView.descriptionReader = { [weak self] in
      // Without the keys: they are being listed, and this is asked while they are.
      guard let self, let lines = reader.description(in: scene(withKeys: false)) else { return nil }
      return { [weak self] in self?.pending += lines }
    }
    application.commandHelpReader = { [weak self] in
      guard let self else { return }
      // A usage starts with its command's name, as the full-screen list shows it.
      let names = self.application.rootView.commandUsages.compactMap { $0.split(separator: " ").first.map(String.init) }
      pending += reader.commands(named: names)
    }
  }

  /// The lines to say now: what `?` or `.` asked for, then what changed since the last call,
  /// each sanitised and never empty.
  func take() -> [String] {
    let lines = pending + reader.announcements(for: scene())
    pending = []
    return lines.map(TextSanitizer.sanitize).filter { !$0.isEmpty }
  }

  /// What is on screen now, from navigation; `withKeys` off, without the keys that act (what
  /// the keys themselves ask about, which must not list them again).
  private func scene(withKeys: Bool = true) -> SpokenScene {
    let root = application.root
    let screen = root.currentScreen
    return SpokenScene(
      title: screen.title,
      screenModel: screen.boundViewModel,
      list: screen.itemList,
      isBusy: screen.isBusy,
      isEditingText: screen.isEditingText,
      sheetTitle: root.sheet?.title,
      sheetModel: root.sheet?.boundViewModel,
      sheetNotice: root.sheetNotice,
      keys: withKeys ? application.rootView.keyHelp : [],
      activity: root.tabBar?.activity,
      sessionName: root.sessionName,
      toast: toast.current,
      toastsShown: toast.shownCount,
      isToastArriving: toast.hasToastsArriving,
      toastsWaiting: toast.waiting,
      commandLine: application.rootView.commandLine,
      commandLinesRun: application.commandLinesRun)
  }
}
