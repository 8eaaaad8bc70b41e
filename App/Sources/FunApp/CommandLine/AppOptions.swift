import FunCore
import FunFrontend
import FunLinkHandoff
import FunModel

/// The parsed command line of `fun`.
///
/// Parsing never exits or prints; it returns a value or an `AppOptions.ParseError` whose
/// message the executable prints with the usage line before exiting with status 2.
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
  /// `--lang CODE`: the language asked for (`en`, `de`, `pseudo`), if any; see
  /// `LanguageSelection`.
  var language: String?
  /// `--no-color`: never emit colour.
  var noColor = false
  /// `--no-mouse`: leave the mouse to the terminal (its own selection and scrolling) instead
  /// of clicking tabs and rows.
  var noMouse = false
  /// `--log-level LEVEL`: the minimum level written to the log file.
  var logLevel: LogLevel = .info
  /// `--help`.
  var showHelp = false
  /// `--version`.
  var showVersion = false

  /// A command line that cannot be run, with the reason.
  struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, e.g. `unknown option '--colour'`.
    let message: String

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
    func value(for option: String) throws(ParseError) -> String {
      guard let next = remaining.popFirst() else {
        throw ParseError(message: "option '\(option)' needs a value")
      }
      return next
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--script":
        let path = try value(for: argument)
        script = path == "-" ? .standardInput : .file(path)
      case "--open": openURL = try value(for: argument)
      case "--catalog": catalog = try value(for: argument)
      case "--state-dir": stateDirectory = try value(for: argument)
      case "--size":
        let text = try value(for: argument)
        guard let size = TerminalSize(parsing: text), (10...1000).contains(size.columns), (5...1000).contains(size.rows)
        else {
          throw ParseError(message: "invalid size '\(text)': expected WxH, e.g. 80x24, from 10x5 to 1000x1000")
        }
        self.size = size
      case "--real-time": realTime = true
      case "--frames":
        let name = try value(for: argument)
        guard let frames = ScriptRunner.Frames(rawValue: name) else {
          throw ParseError(message: "invalid frames '\(name)': expected all, changed or none")
        }
        self.frames = frames
      case "--profile":
        let name = try value(for: argument)
        do throws(AppError) {
          profile = try ProfileName(validating: name)
        } catch {
          throw ParseError(message: error.message)
        }
      case "--guest": isGuest = true
      case "--settle-timeout": settleTimeout = try Self.seconds(try value(for: argument), of: "settle timeout")
      case "--open-timeout": openTimeout = try Self.seconds(try value(for: argument), of: "open timeout")
      case "--lang": language = try value(for: argument)
      case "--no-color": noColor = true
      case "--no-mouse": noMouse = true
      case "--log-level":
        let name = try value(for: argument)
        guard let level = LogLevel(name: name) else {
          let names = LogLevel.allCases.map(\.description).joined(separator: ", ")
          throw ParseError(message: "unknown log level '\(name)': expected one of \(names)")
        }
        logLevel = level
      case "--help", "-h": showHelp = true
      case "--version": showVersion = true
      default:
        throw ParseError(message: "unknown option '\(argument)'")
      }
    }
    if isGuest, profile != nil {
      throw ParseError(message: "--profile and --guest cannot be used together: a session is a profile's or a guest's")
    }
    session = isGuest ? .guest : profile.map(Session.profile)
  }

  /// `text` as a duration of more than 0 and at most 3600 seconds, rounded up to the
  /// millisecond.
  private static func seconds(_ text: String, of name: String) throws(ParseError) -> Duration {
    guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
      throw ParseError(message: "invalid \(name) '\(text)': expected seconds, e.g. 5 or 0.5 (at most 3600)")
    }
    return .milliseconds(Int((seconds * 1000).rounded(.up)))
  }

  /// The one-line synopsis printed with a parse error.
  static let usage =
    "usage: fun [--script FILE|-] [--open URL] [--catalog PATH|URL] [--state-dir DIR] [--size WxH] "
    + "[--frames all|changed|none] [--profile NAME | --guest] [--real-time] [--settle-timeout SECONDS] "
    + "[--open-timeout SECONDS] [--lang CODE] [--no-color] [--no-mouse] [--log-level LEVEL] [--help] [--version]"

  /// The version `--version` prints.
  static let version = "fun 1.0.0"

  /// `--help`'s text in English.
  static var help: String { help(in: .base) }

  /// `--help`'s text in the language of `strings`.
  static func help(in strings: Localizer) -> String {
    strings(L10n.Cli.help(usage))
  }
}
