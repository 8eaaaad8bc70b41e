import Foundation
import FunCoordinator
import FunCore
import FunFrontend
import FunLinkHandoff
import FunModel
import FunServices

/// The `fun` executable's logic: parse the command line, build the app, run it interactively
/// or as a script, and return the exit status (0 success, 1 a failed command, 2 bad arguments).
@MainActor
public enum FunMain {
  /// Runs `fun` with `arguments` (without the program name): checks the command line, the
  /// script and the state folder before anything is written, hands `--open` to a running `fun`,
  /// else builds the app and runs it.
  public static func run(
    arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    output: ScriptOutput = .standard
  ) async -> Int32 {
    await run(arguments: arguments, environment: environment, output: output, streams: .current)
  }

  /// ``run(arguments:environment:output:)`` as if stdin and stdout were `streams`: what a test
  /// runs to see how a run on a terminal, or with stdout redirected, goes.
  static func run(
    arguments: [String], environment: [String: String], output: ScriptOutput, streams: StandardStreams
  ) async -> Int32 {
    /// Says on stderr why `fun` stops and returns `status`. A person reads it: in the language
    /// `--lang` asks for, else their locale even with stdout a pipe (a script's English where
    /// `isScript`, as a flow reads the same on every machine).
    func stop(
      _ reason: LocalizedText, status: Int32 = 2, usage: Bool = false, language: Language?, isScript: Bool = false
    ) -> Int32 {
      let strings = Localizer(
        language: LanguageSelection.choose(option: language, environment: environment, isScript: isScript).language)
      output.error("fun: \(strings(reason))")
      if usage { output.error(AppOptions.usage(in: strings)) }
      return status
    }

    let options: AppOptions
    do throws(AppOptions.ParseError) {
      options = try AppOptions(arguments: arguments)
    } catch {
      return stop(error.text, usage: true, language: AppOptions.languageAsked(in: arguments))
    }
    if options.showHelp {
      // Help is read by a person: their locale applies even when stdout is a pipe (`| less`).
      let language = LanguageSelection.choose(option: options.language, environment: environment, isScript: false)
      output.line(AppOptions.help(in: Localizer(language: language.language)))
      return 0
    }
    if options.showVersion {
      output.line(AppOptions.version)
      return 0
    }
    // A link Fun does not know is a bad argument, before anything starts, in script mode too:
    // `--open` is an argument, checked as every other one is (a script's own `deeplink` line
    // fails that line instead).
    var link: DeepLink?
    if let url = options.openURL {
      do throws(AppError) {
        link = try DeepLink(parsing: url)
      } catch {
        return stop(error.text, language: options.language)
      }
    }
    // A script opens its link in its own run, never in a running fun's.
    let handedOver = options.script == nil ? link : nil
    // Asked as an interactive run would ask: whether this run is one depends on it (the reader's
    // lines may go to a pipe).
    let asksToSpeak = screenReaderAskedBy(options: options, environment: environment, isScript: false) != nil
    let mode = RunMode(scriptAsked: options.script != nil, linesOnly: asksToSpeak, streams: streams)
    // Refused before the state folder is touched, unless a running fun may take the link: that
    // needs no terminal (`fun --open URL > /dev/null`).
    if mode == .outputNotATerminal, handedOver == nil {
      return stop(L10n.Cli.outputNotATerminal, language: options.language)
    }
    let isScript = mode == .script
    // A script file is read before anything touches the state folder: a run that cannot start
    // leaves nothing behind.
    // Stdin is read as its lines arrive: each command runs once its line is there.
    let standardInput = ScriptInput(descriptor: STDIN_FILENO, maximumBytes: maximumScriptBytes)
    var lines: () -> String? = standardInput.nextLine
    if isScript, case .file(let path) = options.script {
      guard let data = readScript(atPath: path) else {
        let reason = L10n.Cli.cannotReadScript(path: VisibleEscapes.escaped(path), maximumMiB: maximumScriptBytes >> 20)
        return stop(reason, usage: true, language: options.language)
      }
      // Split and read as stdin's lines are (ScriptInput), so a file and a pipe run alike.
      var remaining = Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
      if remaining.last?.isEmpty == true { remaining = remaining.dropLast() }
      lines = { remaining.popFirst().map(ScriptInput.text) }
    }
    // Before anything is read or written there, in every mode: a state folder another user
    // could have made or can write is refused, untouched (see StateFolder).
    // Resolved and claimed once: everything after names this folder, never the options again.
    let stateFolder: URL
    do throws(StateFolder.Refusal) {
      stateFolder = try StateFolder.claim(
        StateDirectory.resolve(explicit: options.stateDirectory, environment: environment))
    } catch {
      return stop(error.text, language: options.language, isScript: isScript)
    }
    let linkSocket = stateFolder.appendingPathComponent(CompositionRoot.linkSocketName).path
    if let link = handedOver {
      // Its canonical form, which the running fun reads as the same link this one parsed: a
      // line break or other bytes as typed could not cross the one-line protocol unchanged.
      switch await handOver(link.url, to: linkSocket, timeout: options.openTimeout) {
      case .delivered: return 0
      case .noInstance:
        // A launcher's run (no script asked for, no terminal on stdin) has nowhere to show the
        // link: as a script it would end at once, and exit 0 for a link nobody saw.
        if mode == .script {
          let folder = VisibleEscapes.escaped(stateFolder.path)
          return stop(L10n.Cli.noRunningFun(folder), status: 1, language: options.language)
        }
      case .failed(let reason): return stop(reason, status: 1, language: options.language)
      }
    }
    // `--open` let a run without a terminal this far; no running fun took the link, so it ends here.
    guard mode != .outputNotATerminal else { return stop(L10n.Cli.outputNotATerminal, language: options.language) }
    let status = await runApp(
      options: options, stateFolder: stateFolder, isScript: isScript, lines: lines, environment: environment,
      output: output)
    // The commands before the limit have run; what came after it is refused as a script file
    // over the limit is.
    guard !standardInput.isOverLimit else {
      return stop(
        L10n.Cli.standardInputTooLong(maximumScriptBytes >> 20), language: options.language,
        isScript: isScript)
    }
    return status
  }

  /// Builds the app for `options` over `stateFolder` (claimed) and runs it: interactively on the
  /// terminal, or headless reading commands from `lines`.
  private static func runApp(
    options: AppOptions, stateFolder: URL, isScript: Bool, lines: @escaping () -> String?,
    environment: [String: String], output: ScriptOutput
  ) async -> Int32 {
    var capabilities = TerminalCapabilities(environment: environment, noColorFlag: options.noColor)
    capabilities.reportsMouse = !options.noMouse
    let askedBy = screenReaderAskedBy(options: options, environment: environment, isScript: isScript)
    var speaks = askedBy != nil
    if speaks {
      capabilities = Self.lineMode(capabilities)
    }
    let isVirtualTime = isScript && !options.realTime
    let time: AppTime =
      isVirtualTime
      ? .virtual(VirtualTime(watchdog: options.settleTimeout)) : .realTime(watchdog: options.settleTimeout)
    // Interactively the terminal is the clipboard too (OSC 52), when it takes escape sequences.
    var terminal = isScript ? nil : TTYTerminal(capabilities: capabilities)
    let clipboard: any ClipboardService =
      if let terminal, capabilities.addressesCursor { terminal.clipboard } else { NoClipboard() }
    let services: RootDependencies
    do throws(ServiceLocatorError) {
      services = RootDependencies(
        locator: try CompositionRoot.makeLocator(
          options: options, stateFolder: stateFolder, time: time, environment: environment, isScript: isScript,
          clipboard: clipboard))
    } catch {
      output.error("fun: \(error.description)")
      return 1
    }
    // On the wall clock the app shows what another Fun saves to the state folder (the stores
    // look at the files' change times every second). In virtual time it does not: nothing
    // outside runs in step with a virtual clock, and a script's day-long `wait` would tick
    // 86 400 times for nothing.
    let application = FunApplication(
      services: services, time: time, styleSupport: capabilities.styleSupport, usesMouse: !options.noMouse,
      watchesOutsideChanges: !isVirtualTime)
    if terminal != nil, !speaks, application.root.toggles.toggles.usesScreenReader {
      // The saved Settings toggle asks for it: the terminal made for full screen was never
      // entered; one that addresses no cursor replaces it.
      speaks = true
      capabilities = Self.lineMode(capabilities)
      terminal = TTYTerminal(capabilities: capabilities)
    }
    let spoken = speaks ? SpokenView(application: application, services: services, askedBy: askedBy) : nil
    if let terminal {
      let session = InteractiveSession(
        application: application,
        terminal: terminal,
        logFilePath: stateFolder.appendingPathComponent(CompositionRoot.logFileName).path,
        linkSocket: stateFolder.appendingPathComponent(CompositionRoot.linkSocketName).path,
        logger: services.logger,
        output: output,
        spoken: spoken
      )
      return await session.run(session: options.session, openURL: options.openURL)
    }
    let headless = HeadlessTerminal(size: options.size ?? .standard, capabilities: capabilities)
    application.start(session: options.session, openURL: options.openURL)
    let runner = ScriptRunner(
      application: application, terminal: headless, output: output, frames: options.frames, spoken: spoken)
    return await runner.run(lines: lines) ? 0 : 1
  }

  /// The environment variable that starts screen-reader mode when set to `1`, as
  /// `--screen-reader` does.
  static let screenReaderVariable = "FUN_SCREEN_READER"

  /// What asks for screen-reader mode besides the saved Settings toggle, as the person wrote it
  /// (`--screen-reader`, else `FUN_SCREEN_READER=1`), for Settings to name while the toggle is
  /// off; `nil` when neither does. Script mode ignores the environment, as it does for the
  /// language: a flow reads the same on every machine.
  static func screenReaderAskedBy(options: AppOptions, environment: [String: String], isScript: Bool) -> String? {
    if options.screenReader { return "--screen-reader" }
    guard !isScript, environment[screenReaderVariable] == "1" else { return nil }
    return screenReaderVariable + "=1"
  }

  /// `capabilities` for screen-reader mode: no cursor addressing (so no alternate screen and
  /// no escape sequence but bracketed paste's, which keeps a paste from acting as keys), no
  /// styling, no mouse reports.
  private static func lineMode(_ capabilities: TerminalCapabilities) -> TerminalCapabilities {
    var lineMode = capabilities
    lineMode.addressesCursor = false
    lineMode.styleSupport = .none
    lineMode.reportsMouse = false
    return lineMode
  }

  /// The largest script `fun` reads, from a file or stdin: a device such as `/dev/zero` never
  /// ends.
  nonisolated static let maximumScriptBytes = 64 << 20

  /// The bytes of the script at `path` — a file, a pipe (`--script <(…)`) or a device such as
  /// `/dev/null` — or `nil` when it cannot be read or holds more than ``maximumScriptBytes``.
  nonisolated static func readScript(atPath path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var data = Data()
    do {
      while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        data.append(chunk)
        guard data.count <= maximumScriptBytes else { return nil }
      }
    } catch {
      return nil
    }
    return data
  }

  /// Outside script mode, `--open URL` (a link already checked) is handed to the `fun`
  /// running on the same state directory, if one is. The wait for its acknowledgement
  /// (`--open-timeout`, a second by default) runs off the main actor.
  private static func handOver(_ url: String, to socketPath: String, timeout: Duration) async -> LinkHandoff.Outcome {
    await withContinuationResumedElsewhere { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          returning: LinkHandoff.send(url, to: socketPath, timeout: timeout, sanitize: TextSanitizer.sanitize))
      }
    }
  }
}
