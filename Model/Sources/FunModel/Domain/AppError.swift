import FunCore

/// Every failure the app reports to a person, each with a message they can act on.
///
/// Services translate whatever went wrong underneath (URLSession, JSONDecoder, the file
/// system) into one of these cases, so ViewModels handle one error type and toasts always read
/// well.
public enum AppError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The catalog could not be fetched: no connection, refused, DNS, and so on. A reason Fun
  /// knows comes from the string tables (`L10n.Reason`); one from the system is `verbatim`.
  case network(url: String, reason: LocalizedText)
  /// The server did not answer in time.
  case timeout(url: String, seconds: Double)
  /// The server answered with a non-2xx status.
  case httpStatus(code: Int, url: String)
  /// The catalog is not valid JSON or not shaped like a catalog. The reason comes from the
  /// string tables (`L10n.Reason`); a JSON decoder's complaint inside it stays as it came.
  case malformedCatalog(reason: LocalizedText)
  /// An item of the catalog lacks a required field (index is 0-based, as in the JSON array).
  case missingField(itemIndex: Int, field: String)
  /// A catalog file could not be read: an errno text is `verbatim`, a reason Fun knows comes
  /// from the string tables.
  case unreadableFile(path: String, reason: LocalizedText)
  /// The "simulate network failure" toggle is on.
  case simulatedNetworkFailure
  /// A state file could not be decoded; it was moved aside (`movedTo`) and defaults were
  /// loaded.
  case corruptStateFile(name: String, movedTo: String)
  /// Where a state file belongs there is something Fun does not read (a symbolic link, a
  /// FIFO or device, another user's file, a file over the size limit); it was moved aside
  /// (`movedTo`) and defaults were loaded.
  case unsafeStateFile(name: String, reason: LocalizedText, movedTo: String)
  /// A state file of this user's could not be read (permission denied, an I/O error, no file
  /// descriptor left); it is left where it is, and nothing is saved over it. An errno text is
  /// `verbatim`.
  case unreadableStateFile(name: String, reason: LocalizedText)
  /// The state directory cannot be written; changes are kept in memory only. An errno text is
  /// `verbatim`.
  case stateNotWritable(path: String, reason: LocalizedText)
  /// A state file was not saved: it would be larger than `limit` bytes, the most Fun reads of
  /// it, so the next start would set it aside. The file is left as it was and the change that
  /// would have grown it is not kept.
  case stateFileTooLarge(name: String, limit: Int)
  /// A deep link that the app does not understand.
  case invalidDeepLink(link: String, reason: LocalizedText)
  /// An id that is not in the catalog.
  case itemNotFound(id: String)
  /// A profile name that breaks the rule of ``ProfileName``.
  case invalidProfileName(String, reason: LocalizedText)
  /// Profile details that break the rule of ``UserProfile/edited(displayName:bio:)``.
  case invalidProfileDetails(reason: LocalizedText)
  /// A profile could not be deleted; an errno text is `verbatim`.
  case profileNotDeleted(name: String, reason: LocalizedText)
  /// A profile a running Fun is signed in to, which is not deleted from under it.
  case profileInUse(name: String)
  /// Something only a profile has (its details, say), asked for in a guest session.
  case profileRequired(reason: LocalizedText)
  /// An item of your own that breaks the rule of ``MyItemDraft`` (an id already used, an empty
  /// title, a field too long); nothing was saved.
  case invalidMyItem(reason: LocalizedText)

  /// The message shown in a toast or on a screen, in no language yet: the screen resolves it
  /// in its own. A reason from the system or from data stays as it came.
  public var text: LocalizedText {
    switch self {
    case .network(let url, let reason):
      L10n.Error.network(url: url, reason: reason)
    case .timeout(let url, let seconds):
      L10n.Error.timeout(url: url, seconds: Self.secondsText(seconds))
    case .httpStatus(let code, let url):
      L10n.Error.httpStatus(code: String(code), url: url)
    case .malformedCatalog(let reason):
      L10n.Error.malformedCatalog(reason)
    case .missingField(let index, let field):
      L10n.Error.missingField(index: String(index), field: field)
    case .unreadableFile(let path, let reason):
      L10n.Error.unreadableFile(path: path, reason: reason)
    case .simulatedNetworkFailure:
      L10n.Error.simulatedNetworkFailure
    case .corruptStateFile(let name, let movedTo):
      // Short enough for one 80-column toast: the folder is always the state directory, and
      // "corrupt" implies the defaults that the app now runs with.
      L10n.Error.corruptStateFile(
        name: name, movedTo: movedTo.split(separator: "/").last.map(String.init) ?? movedTo)
    case .unsafeStateFile(let name, let reason, let movedTo):
      L10n.Error.unsafeStateFile(
        name: name, reason: reason, movedTo: movedTo.split(separator: "/").last.map(String.init) ?? movedTo)
    case .unreadableStateFile(let name, let reason):
      L10n.Error.unreadableStateFile(name: name, reason: reason)
    case .stateNotWritable(let path, let reason):
      L10n.Error.stateNotWritable(path: path, reason: reason)
    case .stateFileTooLarge(let name, let limit):
      limit % (1 << 20) == 0
        ? L10n.Error.stateFileTooLargeMiB(name: name, megabytes: limit >> 20)
        : L10n.Error.stateFileTooLargeBytes(name: name, bytes: limit)
    case .invalidDeepLink(let link, let reason):
      // A link of thousands of bytes (one refused as too long) is named by its start.
      L10n.Error.invalidDeepLink(link: VisibleEscapes.clipped(link), reason: reason)
    case .itemNotFound(let id):
      L10n.Error.itemNotFound(VisibleEscapes.escaped(id))
    case .invalidProfileName(let name, let reason):
      L10n.Error.invalidProfileName(name: VisibleEscapes.escaped(name), reason: reason)
    case .invalidProfileDetails(let reason):
      reason
    case .profileNotDeleted(let name, let reason):
      L10n.Error.profileNotDeleted(name: name, reason: reason)
    case .profileInUse(let name):
      L10n.Error.profileInUse(name)
    case .profileRequired(let reason):
      L10n.Error.profileRequired(reason)
    case .invalidMyItem(let reason):
      reason
    }
  }

  /// The message in English, as the log and stderr write it.
  public var message: String {
    text.description
  }

  public var description: String {
    message
  }

  /// `seconds` as a message writes them, `10` or `2.5`: here for ``timeout(url:seconds:)`` and
  /// for a service's reason that counts seconds, so every message writes them alike.
  public static func secondsText(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
