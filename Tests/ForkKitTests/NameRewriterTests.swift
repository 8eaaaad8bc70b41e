import Testing

@testable import ForkKit

/// The rename's word rules: which spellings of the old names are replaced, and which words
/// that merely contain them are not.
@Suite("Name rewriter")
struct NameRewriterTests {
  static let old = AppIdentity(name: "Acme", scheme: "acmeapp", webHost: "acme.example")
  static let new = AppIdentity(name: "Orbit", scheme: "orbit", webHost: "orbit.io")
  let rewriter = NameRewriter(from: old, to: new)

  @Test(
    "Module prefixes, the binary, the scheme, the host and the upper-case stem are replaced",
    arguments: [
      ("import AcmeCore", "import OrbitCore"), ("@testable import AcmeModel", "@testable import OrbitModel"),
      ("``/AcmeModel/Tab``", "``/OrbitModel/Tab``"), ("InteractiveAcme", "InteractiveOrbit"),
      ("acme --script tour.acme", "orbit --script tour.orbit"), ("acmeBinary acme_main", "orbitBinary orbit_main"),
      ("ACME_STATE_DIR", "ORBIT_STATE_DIR"), ("acmeapp://tab/home", "orbit://tab/home"),
      ("ACMEAPP://x", "ORBIT://x"), ("https://acme.example/tab", "https://orbit.io/tab"),
      ("HTTPS://ACME.EXAMPLE/", "HTTPS://ORBIT.IO/"), ("~/.local/state/acme", "~/.local/state/orbit"),
      ("Acme's title, two Acmes", "Orbit's title, two Orbits"), ("1acmeapp acmeapp2", "1orbit orbit2"),
      ("acme-bench", "orbit-bench"),
    ])
  func replaced(text: String, expected: String) {
    #expect(rewriter.rewrite(text).text == expected)
    #expect(rewriter.rewrite(text).count > 0)
  }

  @Test(
    "Words that only contain a name are left alone",
    arguments: [
      "Acmeology", "acmeic", "Acmesque", "macme", "ACMEX", "XACME", "theAcmeapp",
    ])
  func untouched(word: String) {
    #expect(rewriter.rewrite(word).text == word)
    #expect(rewriter.rewrite(word).count == 0)
  }

  @Test(
    "The names as the pseudo-locale shows them are replaced where they stand alone",
    arguments: [
      ("expect ⟦ÅÅçméé, šçŕééééñ·⟧", "expect ⟦ÖÖŕbîîţ, šçŕééééñ·⟧"), ("⟦ááçméé⟧", "⟦ööŕbîîţ⟧"),
      ("⟦xÅÅçméé⟧", "⟦xÅÅçméé⟧"),
    ])
  func pseudoNames(text: String, expected: String) {
    #expect(rewriter.rewrite(text).text == expected)
    // Only a text that may mention a name is read word by word: one with only a pseudo-locale
    // name must be.
    #expect(rewriter.mayMention(text))
  }

  @Test(
    "The article before a renamed name follows its first letter: a, an, A, An",
    arguments: [
      (
        "Acme", "Nimbus", "an Acme link has no port; An acme already running",
        "a Nimbus link has no port; A nimbus already running"
      ),
      ("Nimbus", "Acme", "a Nimbus link, (a nimbus), A NimbusCore", "an Acme link, (an acme), An AcmeCore"),
      ("Acme", "Orbit", "an Acme link", "an Orbit link"),
      ("Nimbus", "Acme", "Sofa Nimbus, a nimbusy", "Sofa Acme, a nimbusy"),
    ])
  func articles(from: String, to: String, text: String, expected: String) {
    let rewriter = NameRewriter(
      from: AppIdentity(name: from, scheme: from.lowercased(), webHost: "\(from.lowercased()).example"),
      to: AppIdentity(name: to, scheme: to.lowercased(), webHost: "\(to.lowercased()).example"))
    #expect(rewriter.rewrite(text).text == expected)
  }

  @Test("A second rewrite of a rewritten text finds nothing: the rename is idempotent")
  func idempotent() {
    let text = "import AcmeCore\nacme --open acmeapp://tab/home https://acme.example ACME_LOG\n"
    let once = rewriter.rewrite(text).text
    #expect(rewriter.rewrite(once).count == 0)
    #expect(NameRewriter(from: Self.new, to: Self.new).rewrite(once).count == 0)
  }
}
