import Foundation
import FunCore
import FunFrontend
import FunLinkHandoff
import FunModel

/// The parsed command line of `fun`.
///
/// Parsing never exits or prints; it returns a value or an `AppOptions.ParseError` whose
/// text the executable prints with the usage line, both in the person's language, before
/// exiting with status 2.
public struct AppOptions: Equatable, Sendable {
  /// Where script commands come from.
  enum ScriptSource: Equatable, Sendable {
    /// Standard input (`--script -`, or stdin is not a terminal).
    case standardInput
    /// A file.
    case file(String)
  }

  /// `--script FILE|-`: run in script mode.
  var script: ScriptSource?
  /// `--open URL`: a deep link to open. Outside script mode it is handed to the `fun` already
  /// running on the same state directory, if there is one; otherwise it is routed at start-up.
  var openURL: String?
  /// `--catalog PATH|URL`: where the catalog comes from (bundled when absent).
  var catalog: String?
  /// `--state-dir DIR`: where favorites, settings and the log live.
  public var stateDirectory: String?
  /// `--size WxH`: the headless terminal size in script mode.
  var size: TerminalSize?
  /// `--real-time`: script mode waits on the wall clock instead of virtual time.
  var realTime = false
  /// `--frames all|changed|none`: which frames script mode prints.
  var frames: ScriptRunner.Frames = .all
  /// `--profile NAME` or `--guest`: the session to open at start, skipping the sign-in screen;
  /// `nil` opens the profile remembered from the last run, if any.
  var session: Session?

  /// `--settle-timeout SECONDS`: how much real time script mode lets one command take to go
  /// idle before it fails the command with `still busy: <tasks>`.
  var settleTimeout: Duration = VirtualTime.defaultWatchdog
  /// `--open-timeout SECONDS`: how long `--open` waits for the running `fun` to acknowledge the
  /// link it hands over (default 1 s: as long as a person waits for a link to open).
  var openTimeout: Duration = LinkHandoff.acknowledgementTimeout
  /// `--lang CODE`: the language asked for (`en`, `de`, `pseudo`, or a locale such as
  /// `de_DE.UTF-8`), if any; a code without a table is refused. See `LanguageSelection`.
  var language: Language?
  /// `--no-color`: never emit colour.
  var noColor = false
  /// `--no-mouse`: leave the mouse to the terminal (its own selection and scrolling) instead
  /// of clicking tabs and rows.
  var noMouse = false
  /// `--screen-reader`: plain lines for a screen reader instead of the full-screen frame.
  var screenReader = false
  /// `--log-level LEVEL`: the minimum level written to the log file.
  var logLevel: LogLevel = .info
  /// `--help`.
  var showHelp = false
  /// `--version`.
  var showVersion = false

  /// A command line that cannot be run, with the reason.
  struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `unknown option '--colour'`, in any language.
    let text: LocalizedText

    /// What was wrong, in English.
    var message: String {
      text.description
    }

    var description: String {
      message
    }
  }

  /// The options for no arguments.
  public init() {}

  /// Parses the arguments after the program name.
  init(arguments: [String]) throws(ParseError) {
    var remaining = arguments[...]
    var profile: ProfileName?
    var isGuest = false
    // An option right after one that needs a value is that value missing, not a value: `--open
    // --frames none` names no URL, and reading `--frames` as one would blame `none` instead.
    // `name` is the usage's word for what the option takes, which the error names.
    func value(for option: String, naming name: LocalizedText) throws(ParseError) -> String {
      guard let next = remaining.first, !next.hasPrefix("--") else {
        throw ParseError(text: L10n.Cli.needsValue(option: VisibleEscapes.clipped(option), value: name))
      }
      remaining.removeFirst()
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--script":
        let path = try value(for: argument, naming: L10n.Cli.valueScript)
        script = path == "-" ? .standardInput : .file(path)
      case "--open": openURL = try value(for: argument, naming: L10n.Cli.valueURL)
      case "--catalog": catalog = try Self.catalog(try value(for: argument, naming: L10n.Cli.valueCatalog))
      case "--state-dir": stateDirectory = try value(for: argument, naming: L10n.Cli.valueDirectory)
      case "--size":
        let text = try value(for: argument, naming: L10n.Cli.valueSize)
        guard let size = TerminalSize(parsing: text), size.columns >= 10, size.rows >= 5 else {
          throw ParseError(text: L10n.Cli.invalidSize(VisibleEscapes.clipped(text)))
        }
        self.size = size
      case "--real-time": realTime = true
      case "--frames":
        let name = try value(for: argument, naming: L10n.Cli.valueFrames)
        guard let frames = ScriptRunner.Frames(rawValue: name) else {
          throw ParseError(text: L10n.Cli.invalidFrames(VisibleEscapes.clipped(name)))
        }
        self.frames = frames
      case "--profile":
        let name = try value(for: argument, naming: L10n.Cli.valueProfile)
        do throws(AppError) {
          profile = try ProfileName(validating: name)
        } catch {
          throw ParseError(text: error.text)
        }
      case "--guest": isGuest = true
      case "--settle-timeout":
        settleTimeout = try Self.seconds(try value(for: argument, naming: L10n.Cli.valueSeconds), for: argument)
      case "--open-timeout":
        openTimeout = try Self.seconds(try value(for: argument, naming: L10n.Cli.valueSeconds), for: argument)
      case "--lang":
        let code = try value(for: argument, naming: L10n.Cli.valueLanguage)
        // Every other option is checked; a language Fun has no table for is no exception.
        guard let language = LanguageSelection.language(forCode: code) else {
          let known = Language.allCases.map(\.rawValue).joined(separator: ", ")
          throw ParseError(text: L10n.Cli.unknownLanguage(code: VisibleEscapes.clipped(code), languages: known))
        }
        self.language = language
      case "--no-color": noColor = true
      case "--no-mouse": noMouse = true
      case "--screen-reader": screenReader = true
      case "--log-level":
        let name = try value(for: argument, naming: L10n.Cli.valueLogLevel)
        guard let level = LogLevel(name: name) else {
          let names = LogLevel.allCases.map(\.description).joined(separator: ", ")
          throw ParseError(text: L10n.Cli.unknownLogLevel(name: VisibleEscapes.clipped(name), names: names))
        }
        logLevel = level
      case "--help", "-h": showHelp = true
      case "--version": showVersion = true
      // Fun takes no operands: a word without a dash (a script's path, a link) is no misspelt
      // option, and saying so points at what is wrong.
      case _ where !argument.hasPrefix("-"):
        throw ParseError(text: L10n.Cli.unexpectedArgument(VisibleEscapes.clipped(argument)))
      default:
        throw ParseError(text: L10n.Cli.unknownOption(VisibleEscapes.clipped(argument)))
      }
    }
    if isGuest, profile != nil {
      throw ParseError(text: L10n.Cli.profileAndGuest)
    }
    session = isGuest ? .guest : profile.map(Session.profile)
  }

  /// `text`, the value of `option`, as a duration of more than 0 and at most 3600 seconds,
  /// rounded up to the millisecond.
  private static func seconds(_ text: String, for option: String) throws(ParseError) -> Duration {
    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw ParseError(text: L10n.Cli.invalidSeconds(option: option, value: VisibleEscapes.clipped(text)))
    }
    return .milliseconds(Int((seconds * 1000).rounded(.up)))
  }

  /// `text` as a `--catalog` value: a path, or a URL Fun can read. Whatever else is refused here,
  /// not at load time as a file of that name that cannot be read: an empty value, a scheme Fun
  /// does not fetch (`ftp://x/y`; `./ftp://x/y` is the file) and a URL that does not parse
  /// (`http://[::1`).
  private static func catalog(_ text: String) throws(ParseError) -> String {
    guard !text.isEmpty else { throw ParseError(text: L10n.Cli.catalogEmpty) }
    guard let separator = text.range(of: "://"),
      let first = text.first, first.isASCII, first.isLetter,
      text[..<separator.lowerBound].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else {
      return text  // a path
    }
    let scheme = text[..<separator.lowerBound].lowercased()
    guard ["http", "https", "file"].contains(scheme) else {
      throw ParseError(text: L10n.Cli.catalogScheme(VisibleEscapes.clipped(scheme)))
    }
    guard let url = URL(string: text), scheme == "file" ? url.isFileURL : url.host?.isEmpty == false else {
      throw ParseError(text: L10n.Cli.catalogInvalidURL(VisibleEscapes.clipped(text)))
    }
    return text
  }

  /// The synopsis printed with a parse error, in English.
  static var usage: String { usage(in: .base) }

  /// The synopsis printed with a parse error, in the language of `strings`.
  static func usage(in strings: Localizer) -> String {
    HelpLayout.wrap(strings(L10n.Cli.usage))
  }

  /// The language a person reading an error about `arguments` reads: the one `--lang` names,
  /// if it names one Fun has, even when another argument is wrong.
  static func languageAsked(in arguments: [String]) -> Language? {
    zip(arguments, arguments.dropFirst()).reversed().first { $0.0 == "--lang" }
      .flatMap { LanguageSelection.language(forCode: $0.1) }
  }

  /// The version `--version` prints.
  static let version = "fun 1.0.0"

  /// `--help`'s text in English.
  static var help: String { help(in: .base) }

  /// `--help`'s text in the language of `strings`; its number keys run to `lastTab`, the
  /// largest activity's tab count (they number the tabs of the activity that shows), and `a`
  /// names `activities`, so a tab or an activity added to the declarations shows here with no
  /// edit.
  static func help(
    in strings: Localizer, lastTab: Int = ScriptCommand.largestActivity, activities: [Activity] = Activity.all
  ) -> String {
    HelpLayout.wrap(
      strings(
        L10n.Cli.help(
          usage: strings(L10n.Cli.usage), lastTab: lastTab, activities: activityList(activities, strings: strings))))
  }

  /// `Explore, Studio (My items, Sources)`: every activity by name; after the first, where the
  /// app starts, each with its tabs, which are the ones a newcomer would not find.
  private static func activityList(_ activities: [Activity], strings: Localizer) -> String {
    activities.enumerated().map { index, activity in
      let name = strings(activity.name)
      guard index > 0 else { return name }
      return "\(name) (\(activity.tabs.map { strings($0.label) }.joined(separator: ", ")))"
    }.joined(separator: ", ")
  }
}
