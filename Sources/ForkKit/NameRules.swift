/// What a new app name, scheme and web host must look like, with the message that says why
/// one is refused.
package enum NameRules {
  /// Schemes that belong to the web or the system; an app's links need a scheme of their own.
  static let reservedSchemes: Set<String> = [
    "about", "data", "file", "ftp", "http", "https", "javascript", "mailto", "sms", "ssh", "tel", "ws", "wss",
  ]

  /// Checks `name` as a module prefix and app name: an ASCII identifier of 2 to 30 letters and
  /// digits that starts with an uppercase letter (`Orbit`, `MyShop2`).
  package static func checkName(_ name: String) throws(ForkKitError) {
    guard let first = name.first, name.count >= 2, name.count <= 30,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else {
      throw .badArgument(
        "\"\(name)\" cannot name the app: use 2 to 30 ASCII letters and digits, such as Orbit or MyShop2, since it "
          + "becomes the prefix of every module (\(name)Core) and, in lowercase, the binary.")
    }
    guard first.isUppercase else {
      throw .badArgument(
        "\"\(name)\" cannot name the app: start it with an uppercase letter (\(first.uppercased() + name.dropFirst())), "
          + "as module names do; the binary is its lowercase form anyway.")
    }
  }

  /// Checks `scheme` as the app's link scheme: lowercase ASCII letters and digits, starting with
  /// a letter (`orbit`), and none of the web's or the system's own.
  package static func checkScheme(_ scheme: String) throws(ForkKitError) {
    guard let first = scheme.first, first.isLetter, scheme.count <= 30,
      scheme.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
    else {
      throw .badArgument(
        "\"\(scheme)\" cannot be the link scheme: use lowercase ASCII letters and digits, starting with a letter "
          + "(such as orbit); schemes are matched ignoring case, so links are written in lowercase.")
    }
    guard !reservedSchemes.contains(scheme) else {
      throw .badArgument("\"\(scheme)\" cannot be the link scheme: it belongs to the web or the system.")
    }
  }

  /// Checks `host` as the web host whose paths mirror the links: dot-separated lowercase
  /// labels of letters, digits and inner hyphens (`orbit.example`).
  package static func checkWebHost(_ host: String) throws(ForkKitError) {
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      labels.count >= 2 && host.count <= 253
      && labels.allSatisfy { label in
        !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
          && label.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
      }
    guard valid else {
      throw .badArgument(
        "\"\(host)\" cannot be the web host: use lowercase dot-separated labels of letters, digits and hyphens, "
          + "such as orbit.example.")
    }
  }
}
