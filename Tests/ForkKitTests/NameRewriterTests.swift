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

  @Test("A second rewrite of a rewritten text finds nothing: the rename is idempotent")
  func idempotent() {
    let text = "import AcmeCore\nacme --open acmeapp://tab/home https://acme.example ACME_LOG\n"
    let once = rewriter.rewrite(text).text
    #expect(rewriter.rewrite(once).count == 0)
    #expect(NameRewriter(from: Self.new, to: Self.new).rewrite(once).count == 0)
  }
}
