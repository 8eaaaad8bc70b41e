import Testing

@testable import ForkKit

/// The names a rename accepts and the reasons it gives for the ones it refuses.
@Suite("Name rules")
struct NameRulesTests {
  @Test(
    "An app name is an ASCII identifier of 2 to 30 letters and digits that starts uppercase",
    arguments: [
      "Orbit", "MyShop2", "AB",
    ])
  func goodNames(name: String) throws {
    try NameRules.checkName(name)
  }

  @Test(
    "A name that is no identifier, or starts lowercase, is refused with the reason",
    arguments: [
      ("orbit", "start it with an uppercase letter (Orbit)"), ("Or-bit", "2 to 30 ASCII letters and digits"),
      ("O", "2 to 30"), ("2Orbit", "start it with an uppercase letter"), ("Örbit", "ASCII"), ("", "2 to 30"),
      ("My App", "ASCII letters and digits"),
    ])
  func badNames(name: String, reason: String) {
    let message = (#expect(throws: ForkKitError.self) { try NameRules.checkName(name) }).map { "\($0)" } ?? ""
    #expect(message.contains(reason) && message.contains("\"\(name)\" cannot name the app"), "\(message)")
  }

  @Test(
    "A scheme is lowercase letters and digits from a letter on, and none of the web's",
    arguments: [
      ("Orbit", "lowercase"), ("orbit-app", "lowercase"), ("1orbit", "starting with a letter"), ("https", "web"),
      ("", "lowercase"), ("file", "web"),
    ])
  func badSchemes(scheme: String, reason: String) throws {
    try NameRules.checkScheme("orbit2")
    let message = (#expect(throws: ForkKitError.self) { try NameRules.checkScheme(scheme) }).map { "\($0)" } ?? ""
    #expect(message.contains(reason) && message.contains("cannot be the link scheme"), "\(message)")
  }

  @Test(
    "A web host is dot-separated lowercase labels",
    arguments: [
      "orbit", "Orbit.example", "orbit..example", "-orbit.example", "orbit.example-", "or bit.example", ".orbit",
    ])
  func badHosts(host: String) throws {
    try NameRules.checkWebHost("orbit.example")
    try NameRules.checkWebHost("app-1.orbit.io")
    #expect(throws: ForkKitError.self) { try NameRules.checkWebHost(host) }
  }
}
