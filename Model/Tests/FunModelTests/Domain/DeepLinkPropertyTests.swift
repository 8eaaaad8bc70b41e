import FunModelTestSupport
import Testing

@testable import FunModel

/// Property tests of the deep-link parser: generated links and arbitrary strings, 10 000 each.
/// Replay a failure with `FUN_PROPERTY_SEED=<seed> swift test --filter DeepLinkPropertyTests`.
@Suite("DeepLink properties")
struct DeepLinkPropertyTests {
  /// The patterns of the route table's rows that format: the ones a link round-trips through.
  static let formattingPatterns = DeepLink.routes.filter { !$0.isAlias }.map(\.pattern)

  @Test("Every row of the route table round-trips: link, URL, the same link", arguments: formattingPatterns)
  func everyRouteRoundTrips(pattern: String) throws {
    let make = try #require(SplitMix64.linkGenerators[pattern], "no generator for \(pattern)")
    Property(seed: 0xD11_0004).check(cases: 2_000) { generator in
      let link = make(&generator)
      try Property.ensure(
        link.route?.pattern == pattern, "\(link) is formatted by \(String(describing: link.route?.pattern))")
      let url = link.url
      let parsed = try DeepLink(parsing: url)
      try Property.ensure(parsed == link, "\(link) formats as \(url), which parses as \(parsed)")
      let web = try DeepLink(parsing: "https://fun.example/" + url.dropFirst("funapp://".count))
      try Property.ensure(web == link, "the web form of \(url) parses as \(web)")
    }
  }

  @Test("The round-trip generator has a generator for every row that formats, and for no other")
  func generatorCoversTheRouteTable() {
    #expect(Set(SplitMix64.linkGenerators.keys) == Set(Self.formattingPatterns))
    #expect(Self.formattingPatterns.count == Set(Self.formattingPatterns).count, "a pattern declared twice")
  }

  @Test("Parsing the formatted URL of any valid link gives the same link back")
  func formatThenParseRoundTrips() {
    Property(seed: 0xD11_0001).check { generator in
      let link = generator.deepLink()
      let url = link.url
      let parsed: DeepLink
      do throws(AppError) {
        parsed = try DeepLink(parsing: url)
      } catch {
        throw Property.Counterexample(description: "\(link) formats as \(url), which does not parse: \(error)")
      }
      try Property.ensure(parsed == link, "\(link) formats as \(url), which parses as \(parsed)")
    }
  }

  @Test("The https://fun.example form of any valid link parses as the same link")
  func webFormParsesAlike() {
    Property(seed: 0xD11_0002).check { generator in
      let link = generator.deepLink()
      let url = link.url
      try Property.ensure(url.hasPrefix("funapp://"), "\(link) formats as \(url)")
      let web = "https://fun.example/" + url.dropFirst("funapp://".count)
      let parsed = try DeepLink(parsing: web)
      try Property.ensure(parsed == link, "\(web) parses as \(parsed), expected \(link)")
    }
  }

  @Test("Any string parses as a well-formed link or throws invalidDeepLink naming that string")
  func anyStringIsALinkOrAnError() {
    Property(seed: 0xD11_0003).check { generator in
      let text = generator.linkLikeString()
      let link: DeepLink
      do throws(AppError) {
        link = try DeepLink(parsing: text)
      } catch {
        guard case .invalidDeepLink(let reported, let reason) = error else {
          throw Property.Counterexample(description: "\(text.debugDescription) threw \(error), not invalidDeepLink")
        }
        try Property.ensure(reported == text, "\(text.debugDescription) reported as \(reported.debugDescription)")
        try Property.ensure(!reason.description.isEmpty, "\(text.debugDescription) rejected without a reason")
        return
      }
      if case .item(let id, _) = link {
        try Property.ensure(DeepLink.isValidID(id), "\(text.debugDescription) gave the invalid item id \(id)")
      }
      let again = try DeepLink(parsing: link.url)
      try Property.ensure(again == link, "\(text.debugDescription) gave \(link), but its URL gives \(again)")
    }
  }
}

extension SplitMix64 {
  fileprivate static let slugCharacters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")

  /// Pieces of search text: URL delimiters, percent signs, spaces, controls and unicode of
  /// every width, so the query's encoding is exercised everywhere.
  fileprivate static let queryPieces = [
    "a", "Z", "7", "swift", " ", "  ", "&", "#", "%", "%20", "%zz", "%%", "=", "?", "/", "+", ";", ":", "@", "'",
    "\"", "<", ">", "\\", "[", "]", "{", "}", "|", "^", "`", "~", "!", "$", "*", ",", "é", "e\u{301}", "ü", "中文",
    "😀", "👨\u{200D}👩\u{200D}👧", "🇫🇷", "\u{200D}", "\u{FEFF}", "\u{202E}", "\t", "\n", "\r\n", "\u{0}", "\u{1B}[2J",
    "\u{7F}", "\u{85}", "&q=other", "#fragment", "q=", "tab=home",
  ]

  /// A generator of links per row of the route table that formats, keyed by its pattern. A new
  /// row needs one here: ``DeepLinkPropertyTests/generatorCoversTheRouteTable()`` fails without.
  fileprivate static let linkGenerators: [String: @Sendable (inout SplitMix64) -> DeepLink] =
    fixedGenerators
    .merging(activityGenerators) { first, _ in first }

  private static let fixedGenerators: [String: @Sendable (inout SplitMix64) -> DeepLink] = [
    "/tab/:name": { .tab($0.tab()) },
    // An item opens in Explore, so only Explore's tabs make a valid link.
    "/item/:id": {
      .item(id: $0.itemID(), tab: Bool.random(using: &$0) ? Activity.explore.tabs.randomElement(using: &$0) : nil)
    },
    "/search": { .search(query: $0.queryText()) },
    "/profile/edit": { _ in .editProfile },
  ]

  /// Each activity's two rows, `/<activity>` and `/<activity>/:tab`, come from its declaration,
  /// and so do their generators.
  private static var activityGenerators: [String: @Sendable (inout SplitMix64) -> DeepLink] {
    var generators: [String: @Sendable (inout SplitMix64) -> DeepLink] = [:]
    for activity in Activity.all {
      generators["/\(activity.id)"] = { _ in .activity(activity, tab: nil) }
      generators["/\(activity.id)/:tab"] = { .activity(activity, tab: activity.tabs.randomElement(using: &$0)) }
    }
    return generators
  }

  /// A valid link of any kind: any row of the route table, alike often.
  fileprivate mutating func deepLink() -> DeepLink {
    let patterns = Self.linkGenerators.keys.sorted()
    let pattern = patterns[Int.random(in: 0..<patterns.count, using: &self)]
    return Self.linkGenerators[pattern].map { $0(&self) } ?? .editProfile
  }

  fileprivate mutating func tab() -> Tab {
    Tab.allCases.randomElement(using: &self) ?? .home
  }

  /// A slug of 1 to 100 characters, short ones most often.
  fileprivate mutating func itemID() -> String {
    let length = Bool.random(using: &self) ? Int.random(in: 1...8, using: &self) : Int.random(in: 1...100, using: &self)
    return String((0..<length).map { _ in Self.slugCharacters.randomElement(using: &self) ?? "a" })
  }

  /// Search text of up to 12 pieces, with any Unicode scalar now and then.
  fileprivate mutating func queryText() -> String {
    let count = Int.random(in: 0...12, using: &self)
    return (0..<count).map { _ in
      Int.random(in: 0..<8, using: &self) == 0
        ? String(Character(anyScalar())) : (Self.queryPieces.randomElement(using: &self) ?? "")
    }.joined()
  }

  fileprivate mutating func anyScalar() -> Unicode.Scalar {
    while true {
      let value = UInt32.random(in: 0...0x10_FFFF, using: &self)
      if let scalar = Unicode.Scalar(value) { return scalar }
    }
  }

  /// A string that is sometimes a link, sometimes nearly one, sometimes noise.
  fileprivate mutating func linkLikeString() -> String {
    switch Int.random(in: 0..<4, using: &self) {
    case 0:
      let count = Int.random(in: 0...30, using: &self)
      return String(String.UnicodeScalarView((0..<count).map { _ in anyScalar() }))
    case 1:
      return assembledURL()
    default:
      var text = Array(Bool.random(using: &self) ? deepLink().url : assembledURL())
      for _ in 0..<Int.random(in: 1...4, using: &self) {
        mutate(&text)
      }
      return String(text)
    }
  }

  /// A URL put together from plausible and implausible parts.
  fileprivate mutating func assembledURL() -> String {
    let schemes = ["funapp", "FunApp", "https", "HTTP", "ftp", "", "fun app", "funapp2", "1funapp"]
    let separators = ["://", ":", ":/", ":///", "//", "://user:pass@", "://[::1]"]
    let hosts = [
      "tab", "item", "search", "settings", "profile", "fun.example", "FUN.EXAMPLE", "fun.example:8080",
      "other.example", "fun.example.evil", "", "%74ab", "ta b",
    ]
    let segments = [
      "home", "Search", "favorites", "profile", "settings", "nowhere", "6", "swiftui", "a-b_c.d", "..", ".", "",
      "caf%C3%A9", "%1B%5B2J", "item", "tab", "search", "%2F", "x%00y", String(repeating: "a", count: 101),
    ]
    let queries = ["", "?", "?q=", "?q=swift%20ui", "?tab=home", "?tab=nowhere", "?q=a&q=b", "?=&&=", "?q=%", "#frag"]
    var url = (schemes.randomElement(using: &self) ?? "") + (separators.randomElement(using: &self) ?? "")
    url += hosts.randomElement(using: &self) ?? ""
    for _ in 0..<Int.random(in: 0...3, using: &self) {
      url += "/" + (segments.randomElement(using: &self) ?? "")
    }
    return url + (queries.randomElement(using: &self) ?? "")
  }

  /// Inserts, deletes or replaces one character, or cuts the text short.
  fileprivate mutating func mutate(_ text: inout [Character]) {
    let noise: [Character] = ["/", "?", "&", "=", "#", "%", ":", " ", "\u{0}", "\u{1B}", "é", "中", "😀", "A", "\u{301}"]
    let position = Int.random(in: 0...text.count, using: &self)
    let character = Bool.random(using: &self) ? (noise.randomElement(using: &self) ?? "/") : Character(anyScalar())
    switch Int.random(in: 0..<4, using: &self) {
    case 0:
      text.insert(character, at: position)
    case 1 where position < text.count:
      text.remove(at: position)
    case 2 where position < text.count:
      text[position] = character
    default:
      text.removeLast(text.count - position)
    }
  }
}
