import Foundation
import FunCore
import FunModel
import FunServices

/// The one place that decides which implementation serves each protocol.
///
/// It registers every app-wide service of the real app in a fresh ``/FunCore/ServiceLocator``
/// and verifies the required ones before any screen exists, so a forgotten registration fails
/// at start-up with the list of every missing key. Each session's services are decided here
/// too, by `SessionServices`, and registered in the session's scope when it opens.
public enum CompositionRoot {
  /// The log file's name inside the state directory.
  static let logFileName = "fun.log"

  /// The socket's name inside the state directory: a running interactive `fun` listens there
  /// for the links `fun --open URL` hands over.
  static let linkSocketName = "fun.sock"

  /// Builds the locator for `options` over the state folder `stateFolder`.
  /// - Parameters:
  ///   - options: the command line.
  ///   - stateFolder: where profiles, settings and the log are kept: the folder `fun` resolved
  ///     and claimed (``/FunServices/StateFolder``) before anything was read there.
  ///   - time: the app's clock and task tracker (real time interactively, virtual time in
  ///     script mode).
  ///   - environment: the process environment, for the language.
  ///   - isScript: whether the app runs a script, which speaks English unless `--lang` says
  ///     otherwise (`LanguageSelection`).
  ///   - clipboard: where Detail's share copies to: the terminal's (OSC 52) in interactive
  ///     mode, none in script mode.
  public static func makeLocator(
    options: AppOptions,
    stateFolder: URL,
    time: AppTime,
    environment: [String: String],
    isScript: Bool,
    clipboard: any ClipboardService
  ) throws(ServiceLocatorError) -> ServiceLocator {
    try makeLocator(
      options: options, stateFolder: stateFolder, time: time, environment: environment, isScript: isScript,
      clipboard: clipboard, openLog: { FileLogSink(url: $0) })
  }

  /// ``makeLocator(options:stateFolder:time:environment:isScript:clipboard:)`` with the log opened by
  /// `openLog` (tests give one that fails, which root never sees for a mode of 000).
  static func makeLocator(
    options: AppOptions,
    stateFolder directory: URL,
    time: AppTime,
    environment: [String: String],
    isScript: Bool,
    clipboard: any ClipboardService,
    openLog: (URL) -> FileLogSink
  ) throws(ServiceLocatorError) -> ServiceLocator {
    let locator = ServiceLocator()
    let clock = time.clock
    let unsafeLog = StateFolder.setAsideUnlessRegularFile(named: logFileName, in: directory, at: Date())
    let logURL = directory.appendingPathComponent(logFileName)
    let logSink = openLog(logURL)
    let logger = Services.logger(forwardingTo: Logger(minimumLevel: options.logLevel, sinks: [logSink]))
    for path in StateFolder.removeAbandonedTemporaryFiles(in: directory) {
      logger.info("removed \(path), left by a save that was interrupted", category: "app")
    }
    let language = LanguageSelection.choose(option: options.language, environment: environment, isScript: isScript)
    // A person reads dates in their own time zone; a script's frames read the same everywhere.
    let strings = Localizer(language: language.language, timeZone: isScript ? .gmt : .current)
    let toasts = Services.toasts(clock: clock, logger: logger)
    if let unsafeLog {
      logger.warning(unsafeLog.message, category: "app")
      toasts.show(.error(unsafeLog.text))
    }
    // Nothing else would tell: the log is where problems are written.
    if let failure = logSink.failure {
      toasts.show(.error(L10n.Error.loggingOff(path: VisibleEscapes.escaped(logURL.path), reason: .verbatim(failure))))
    }
    // Virtual time is for what a run shows and waits on; a date that reaches the disk (a new
    // profile's created date, a corrupt file's set-aside name) is the real one, or a script
    // would leave 2025 in a person's profile for good.
    let now: @Sendable () -> Date = { Date() }
    let toggles = Services.featureToggles(stateDirectory: directory, logger: logger, toasts: toasts, now: now)
    let profiles = Services.profiles(stateDirectory: directory, logger: logger, toasts: toasts, now: now)
    locator.register(.clock, clock)
    locator.register(.tasks, time.tasks)
    locator.register(.logger, logger)
    locator.register(.toasts, toasts)
    locator.register(.clipboard, clipboard)
    locator.register(.featureToggles, toggles)
    locator.register(.profiles, profiles)
    locator.register(
      .sessionServices,
      SessionServices(
        stateDirectory: directory, tasks: time.tasks, logger: logger, toasts: toasts, now: now, shownNow: { time.now })
        as any SessionServicesRegistrar
    )
    locator.register(.localizer, strings)
    let catalog = options.catalog
    locator.register(.network) { _ in
      // An http catalog is saved in the state folder, to start from and to stand in offline.
      Services.network(
        catalog: catalog, clock: clock, logger: logger, cacheDirectory: directory, toasts: toasts, now: now,
        shownNow: { time.now })
    }
    try locator.verify(RequiredServices.keys)
    logger.info("started; state directory \(directory.path)", category: "app")
    if let note = language.note {
      logger.log(.notice, note, category: "app")
    }
    logger.info("language \(language.language.rawValue)", category: "app")
    return locator
  }
}
