import Foundation

extension URL {
  /// The URL as messages, the log and the screen name it: without a user name or password it
  /// holds, which a toast or a log line is no place for.
  var withoutCredentials: String {
    guard user != nil || password != nil else { return absoluteString }
    var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
    components?.user = nil
    components?.password = nil
    // Never the whole URL: it holds the credentials.
    return components?.string ?? "\(scheme ?? "")://\(host ?? "")\(port.map { ":\($0)" } ?? "")\(path)"
  }
}
