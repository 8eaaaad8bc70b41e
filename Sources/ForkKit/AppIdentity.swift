import Foundation

/// The names that make the app this app: the module prefix (`FunCore` has the prefix `Fun`),
/// the binary (also the state folder's and the environment variables' stem), the link scheme
/// and the web host whose paths mirror it.
///
/// ``read(from:)`` reads the current identity from the tree itself rather than from a constant,
/// so the tools work the same before and after a rename, and a renamed app can be renamed again.
package struct AppIdentity: Equatable, Sendable, CustomStringConvertible {
  /// The module prefix and the name people see: `Fun`.
  package var name: String
  /// The binary, the state folder and the lowercase stem of every other name: `fun`.
  package var binary: String
  /// The link scheme, without `://`: `funapp`.
  package var scheme: String
  /// The web host whose paths mirror the scheme's: `fun.example`.
  package var webHost: String

  /// An identity from its parts; ``binary`` is always the name in lowercase.
  package init(name: String, scheme: String, webHost: String) {
    self.name = name
    self.binary = name.lowercased()
    self.scheme = scheme
    self.webHost = webHost
  }

  package var description: String {
    "modules \(name)Core…, binary \(binary), scheme \(scheme)://, web host \(webHost)"
  }

  /// The identity of the package tree at `root`: the prefix of the Core layer's module and the
  /// App layer's executable in `layers.json`, the scheme and web host the deep links declare.
  package static func read(from root: URL) throws(ForkKitError) -> AppIdentity {
    let table = try LayersFile(root: root)
    guard let core = table.firstModule(ofLayer: "Core"), core.hasSuffix("Core"), core.count > 4 else {
      throw .unreadableTree("layers.json has no Core layer whose module ends in Core")
    }
    let name = String(core.dropLast(4))
    guard let binary = table.firstExecutable(ofLayer: "App"), binary == name.lowercased() else {
      throw .unreadableTree("layers.json's App layer has no executable named \(name.lowercased())")
    }
    let deepLinkPath = "Model/Sources/\(name)Model/Domain/DeepLink.swift"
    let deepLink = try TreeFile.text(at: root.appending(path: deepLinkPath))
    guard let scheme = stringConstant("scheme", in: deepLink), let webHost = stringConstant("webHost", in: deepLink)
    else {
      throw .unreadableTree("\(deepLinkPath) declares no `static let scheme` and `static let webHost`")
    }
    return AppIdentity(name: name, scheme: scheme, webHost: webHost)
  }

  /// The value of `static let <constant> = "…"` in `source`.
  private static func stringConstant(_ constant: String, in source: String) -> String? {
    for line in source.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let prefix = "static let \(constant) = \""
      guard trimmed.hasPrefix(prefix), trimmed.hasSuffix("\"") else { continue }
      return String(trimmed.dropFirst(prefix.count).dropLast())
    }
    return nil
  }
}
