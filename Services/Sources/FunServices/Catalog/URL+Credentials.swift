import Foundation

extension URL {
  /// The URL as messages, the log and the screen name it: without a user name or password it
  /// holds, which a toast or a log line is no place for.
  var withoutCredentials: String {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
      components.user != nil || components.password != nil
    else { return absoluteString }
    components.user = nil
    components.password = nil
    return components.string ?? absoluteString
  }
}
