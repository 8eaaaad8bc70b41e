/// Every failure the app reports to a person, each with a message they can act on.
///
/// Services translate whatever went wrong underneath (URLSession, JSONDecoder, the file
/// system) into one of these cases, so ViewModels handle one error type and toasts always read
/// well.
public enum AppError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The catalog could not be fetched: no connection, refused, DNS, and so on.
  case network(url: String, reason: String)
  /// The server did not answer in time.
  case timeout(url: String, seconds: Double)
  /// The server answered with a non-2xx status.
  case httpStatus(code: Int, url: String)
  /// The catalog is not valid JSON or not shaped like a catalog.
  case malformedCatalog(reason: String)
  /// An item of the catalog lacks a required field (index is 0-based, as in the JSON array).
  case missingField(itemIndex: Int, field: String)
  /// A catalog file could not be read.
  case unreadableFile(path: String, reason: String)
  /// The "simulate network failure" toggle is on.
  case simulatedNetworkFailure
  /// A state file could not be decoded; it was moved aside (`movedTo`) and defaults were
  /// loaded.
  case corruptStateFile(name: String, movedTo: String)
  /// The state directory cannot be written; changes are kept in memory only.
  case stateNotWritable(path: String, reason: String)
  /// A deep link that the app does not understand.
  case invalidDeepLink(link: String, reason: String)
  /// An id that is not in the catalog.
  case itemNotFound(id: String)
  /// A profile name that breaks the rule of ``ProfileName``.
  case invalidProfileName(String, reason: String)
  /// Profile details that break the rule of ``UserProfile/edited(displayName:bio:)``.
  case invalidProfileDetails(reason: String)
  /// A profile could not be deleted.
  case profileNotDeleted(name: String, reason: String)
  /// Something only a profile has (its details, say), asked for in a guest session.
  case profileRequired(reason: String)

  /// The message shown in a toast or printed on stderr.
  public var message: String {
    switch self {
    case .network(let url, let reason):
      "Could not load the catalog from \(url): \(reason)"
    case .timeout(let url, let seconds):
      "The catalog server at \(url) did not answer within \(Self.format(seconds)) s"
    case .httpStatus(let code, let url):
      "The catalog server answered HTTP \(code) for \(url)"
    case .malformedCatalog(let reason):
      "The catalog is not valid: \(reason)"
    case .missingField(let index, let field):
      "The catalog is not valid: items[\(index)] has no \"\(field)\""
    case .unreadableFile(let path, let reason):
      "Could not read \(path): \(reason)"
    case .simulatedNetworkFailure:
      "Network failure (simulated; turn it off in Settings)"
    case .corruptStateFile(let name, let movedTo):
      // Short enough for one 80-column toast: the folder is always the state directory, and
      // "corrupt" implies the defaults that the app now runs with.
      "\(name) was corrupt; moved to " + (movedTo.split(separator: "/").last.map(String.init) ?? movedTo)
    case .stateNotWritable(let path, let reason):
      "Cannot save to \(path) (\(reason)); changes are kept until you quit"
    case .invalidDeepLink(let link, let reason):
      "Cannot open \(link): \(reason)"
    case .itemNotFound(let id):
      "No item with id \"\(id)\""
    case .invalidProfileName(let name, let reason):
      "\"\(name)\" is not a valid profile name: \(reason)"
    case .invalidProfileDetails(let reason):
      reason
    case .profileNotDeleted(let name, let reason):
      "Could not delete profile \(name): \(reason)"
    case .profileRequired(let reason):
      "Sign in to a profile first: \(reason)"
    }
  }

  public var description: String {
    message
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}
