import FunCore
import Testing

@testable import FunModel

@Suite("DeepLink")
struct DeepLinkTests {
  @Test(
    "Every accepted form parses, under funapp:// and https://fun.example/",
    arguments: [
      ("tab/home", DeepLink.tab(.home)),
      ("tab/search", .tab(.search)),
      ("tab/favorites", .tab(.favorites)),
      ("tab/profile", .tab(.profile)),
      ("tab/settings", .tab(.settings)),
      ("tab/Search", .tab(.search)),
      ("item/swiftui", .item(id: "swiftui", tab: nil)),
      ("item/swift-concurrency", .item(id: "swift-concurrency", tab: nil)),
      ("item/swiftui?tab=favorites", .item(id: "swiftui", tab: .favorites)),
      ("item/swiftui?tab=HOME", .item(id: "swiftui", tab: .home)),
      ("search?q=swift", .search(query: "swift")),
      ("search?q=swift%20ui", .search(query: "swift ui")),
      ("search?q=", .search(query: "")),
      ("search", .search(query: "")),
      ("settings", .tab(.settings)),
      ("profile", .tab(.profile)),
      ("profile/edit", .editProfile),
      ("Profile/EDIT", .editProfile),
    ]
  )
  func parsesAcceptedForms(path: String, expected: DeepLink) throws {
    #expect(try DeepLink(parsing: "funapp://\(path)") == expected)
    #expect(try DeepLink(parsing: "https://fun.example/\(path)") == expected)
  }

  @Test(
    "Scheme and web host are case-insensitive",
    arguments: ["FUNAPP://tab/home", "https://FUN.EXAMPLE/tab/home"]
  )
  func schemeAndHostIgnoreCase(link: String) throws {
    #expect(try DeepLink(parsing: link) == .tab(.home))
  }

  @Test(
    "Formatting a link and parsing it again gives the same link",
    arguments: [
      DeepLink.tab(.home), .tab(.search), .tab(.favorites), .tab(.profile), .tab(.settings),
      .item(id: "swiftui", tab: nil), .item(id: "swift_data.2", tab: .search),
      .item(id: "a-b", tab: .settings),
      .search(query: ""), .search(query: "swift"), .search(query: "swift ui"),
      .search(query: "a&b=c"), .search(query: "100% + more#frag?"), .search(query: "café ☕️"),
      .search(query: "/slash/"), .editProfile,
    ]
  )
  func formatThenParseRoundTrips(link: DeepLink) throws {
    let url = link.url

    #expect(url.hasPrefix("funapp://"))
    #expect(try DeepLink(parsing: url) == link)
  }

  @Test("In a query a + is a space, as browsers and forms write it; %2B is a plus")
  func plusIsASpace() throws {
    #expect(try DeepLink(parsing: "funapp://search?q=a+b") == .search(query: "a b"))
    #expect(
      try DeepLink(parsing: "https://fun.example/search?q=swift+ui+%2B+more") == .search(query: "swift ui + more"))
    #expect(try DeepLink(parsing: DeepLink.search(query: "c++").url) == .search(query: "c++"))
  }

  @Test("A query key given twice means its first value, as URLComponents lists them")
  func repeatedKeyKeepsTheFirst() throws {
    #expect(try DeepLink(parsing: "funapp://search?q=a&q=b") == .search(query: "a"))
    #expect(try DeepLink(parsing: "funapp://item/swiftui?tab=home&tab=settings") == .item(id: "swiftui", tab: .home))
  }

  @Test("An escape or a + followed by a combining mark is decoded all the same, and so is a leading U+FEFF")
  func escapesBeforeCombiningMarks() throws {
    #expect(try DeepLink(parsing: "funapp://search?q=%0A\u{0301}") == .search(query: "\n\u{0301}"))
    #expect(try DeepLink(parsing: "funapp://search?q=a%0D\u{05A8}b") == .search(query: "a\r\u{05A8}b"))
    #expect(try DeepLink(parsing: "funapp://search?q=a+\u{0301}") == .search(query: "a \u{0301}"))
    #expect(try DeepLink(parsing: "funapp://search?q=%EF%BB%BFswift") == .search(query: "\u{FEFF}swift"))
    #expect(throws: AppError.self) { try DeepLink(parsing: "funapp://search?q=%FF") }
  }

  @Test("The canonical URL is the documented funapp:// form")
  func formatsCanonicalURL() {
    #expect(DeepLink.tab(.favorites).url == "funapp://tab/favorites")
    #expect(DeepLink.item(id: "swiftui", tab: nil).url == "funapp://item/swiftui")
    #expect(DeepLink.item(id: "swiftui", tab: .search).url == "funapp://item/swiftui?tab=search")
    #expect(DeepLink.search(query: "swift ui").url == "funapp://search?q=swift%20ui")
    #expect(DeepLink.search(query: "").url == "funapp://search?q=")
    #expect(DeepLink.editProfile.url == "funapp://profile/edit")
  }

  @Test(
    "Anything else is an invalid deep link that names the link and the reason",
    arguments: [
      ("", "not a URL"),
      ("garbage", "not a URL"),
      ("not a url at all", "not a URL"),
      ("ftp://tab/home", "unknown scheme"),
      ("mailto:someone@fun.example", "unknown scheme"),
      ("funapp://", "missing a destination"),
      ("funapp:tab/home", "missing a destination"),
      ("https://other.example/tab/home", "unknown host"),
      ("https://fun.example.evil/tab/home", "unknown host"),
      ("https://fun.example/", "missing a destination"),
      ("https://fun.example", "missing a destination"),
      ("funapp://unknown", "unknown destination"),
      ("funapp://tab", "expected funapp://tab/<name>"),
      ("funapp://tab/nowhere", "unknown tab \"nowhere\""),
      ("funapp://tab/6", "unknown tab"),
      ("funapp://tab/home/extra", "expected funapp://tab/<name>"),
      ("funapp://item", "expected funapp://item/<id>"),
      ("funapp://item/swiftui/extra", "expected funapp://item/<id>"),
      ("funapp://item/bad%20id", "invalid item id \"bad id\""),
      ("funapp://item/%1B%5B2J", "invalid item id"),
      ("funapp://item/caf%C3%A9", "invalid item id"),
      ("funapp://item/\(String(repeating: "a", count: 101))", "invalid item id"),
      ("funapp://item/swiftui?tab=nowhere", "unknown tab \"nowhere\""),
      ("funapp://item/swiftui?tab=sources", "Explore has no tab \"sources\""),
      ("https://fun.example/item/swiftui?tab=my-items", "Explore has no tab \"my-items\""),
      ("funapp://explore/sources", "Explore has no tab \"sources\""),
      ("funapp://studio/home", "Studio has no tab \"home\""),
      ("funapp://search/extra", "expected funapp://search?q=<text>"),
      ("funapp://settings/extra", "unexpected path after settings"),
      ("https://fun.example/profile/extra", "unexpected path after profile"),
      ("funapp://profile/edit/extra", "unexpected path after profile"),
      ("funapp://item/swiftui?tab=", "unknown tab \"\""),
      ("http://fun.example/tab/home", "unknown scheme \"http\""),
      // An unknown scheme names the two a link may start with.
      ("fun://item/swiftui", "unknown scheme \"fun\": a link starts with funapp:// or https://fun.example/"),
      ("funapp://search?q=%ZZ", "malformed percent-encoding"),
      ("funapp://item/sw%ZZ", "malformed percent-encoding"),
      ("funapp://search?q=100%", "malformed percent-encoding"),
      ("https://fun.example:8080/tab/home", "a Fun link has no port (:8080)"),
      ("https://fun.example:443/item/swiftui", "a Fun link has no port (:443)"),
      ("funapp://tab:1/home", "a Fun link has no port (:1)"),
    ]
  )
  func rejectsInvalidLinks(link: String, reason: String) {
    let error = #expect(throws: AppError.self) {
      try DeepLink(parsing: link)
    }

    guard case .invalidDeepLink(let reportedLink, let reportedReason) = error else {
      Issue.record("expected invalidDeepLink, got \(String(describing: error))")
      return
    }
    #expect(reportedLink == link)
    #expect(reportedReason.description.contains(reason))
    #expect(link.isEmpty || error?.message.contains(link) == true)
  }

  /// Tab names as a reason lists them.
  private static func names(_ tabs: [Tab]) -> String {
    tabs.map(\.rawValue).joined(separator: ", ")
  }

  @Test(
    "A bad link's reason names what would have worked, in a short line",
    arguments: [
      (
        "funapp://bogus",
        #"unknown destination "bogus": expected one of tab, item, search, profile, settings, explore, studio"#
      ),
      // The tabs as the activities declare them: a fork's new tab is listed with no edit here.
      ("funapp://tab/", "expected funapp://tab/<name>, <name> one of " + Self.names(Activity.all.flatMap(\.tabs))),
      ("funapp://explore/sources", #"Explore has no tab "sources": funapp://studio/sources has it"#),
      ("funapp://studio/home", #"Studio has no tab "home": funapp://explore/home has it"#),
      ("funapp://studio/inbox", #"Studio has no tab "inbox": expected one of my-items, sources"#),
      // An item shows on an Explore tab, so Explore's tabs are the choices, not another activity.
      (
        "funapp://item/swiftui?tab=sources",
        #"Explore has no tab "sources": expected one of "# + Self.names(Activity.explore.tabs)
      ),
    ]
  )
  func reasonsNameTheChoices(link: String, reason: String) {
    let error = #expect(throws: AppError.self) { try DeepLink(parsing: link) }
    guard case .invalidDeepLink(_, let reported) = error else { return }
    #expect(Localizer(language: .en)(reported) == reason)
  }

  @Test("The choices a reason lists come from the route table and the activities, so a new route or tab shows in them")
  func choicesAreDerived() {
    func reason(_ link: String) -> String {
      let error = #expect(throws: AppError.self) { try DeepLink(parsing: link) }
      guard case .invalidDeepLink(_, let reported) = error else { return "" }
      return Localizer(language: .en)(reported)
    }
    let destinations = reason("funapp://bogus")
    for route in DeepLink.routes {
      #expect(destinations.contains(route.destination), "\(route.pattern)")
    }
    let tabs = reason("funapp://tab/")
    for tab in Activity.all.flatMap(\.tabs) {
      #expect(tabs.contains(tab.rawValue), "\(tab)")
    }
    #expect(DeepLink.tabNames == Activity.all.flatMap(\.tabs).map(\.rawValue))
  }

  @Test("A bad link's reason in German names the choices too")
  func germanReasonsNameTheChoices() {
    let error = #expect(throws: AppError.self) { try DeepLink(parsing: "funapp://explore/sources") }
    guard case .invalidDeepLink(_, let reported) = error else { return }
    #expect(Localizer(language: .de)(reported) == "Entdecken hat keinen Tab „sources“: funapp://studio/sources hat ihn")
  }

  @Test(
    "Item ids are ASCII slugs of 1 to 100 characters",
    arguments: [
      ("swiftui", true), ("swift-concurrency", true), ("swift_data", true), ("v1.2", true),
      (String(repeating: "a", count: 100), true), ("", false), (String(repeating: "a", count: 101), false),
      ("with space", false), ("slash/id", false), ("café", false), ("emoji☕️", false), ("semi;colon", false),
    ]
  )
  func validatesIDs(id: String, isValid: Bool) {
    #expect(DeepLink.isValidID(id) == isValid)
  }

  @Test("Alias rows only parse: their link formats as the canonical row's URL")
  func aliasesOnlyParse() throws {
    let aliases = DeepLink.routes.filter(\.isAlias)
    #expect(aliases.map(\.pattern) == ["/settings", "/profile"])
    for alias in aliases {
      let link = try DeepLink(parsing: "funapp:/" + alias.pattern)
      #expect(link.route?.isAlias == false)
      #expect(link.url != "funapp:/" + alias.pattern)
      #expect(try DeepLink(parsing: link.url) == link)
    }
  }

  @Test("Each row's usage is its canonical form with placeholders")
  func usages() {
    #expect(
      DeepLink.routes.map(\.usage) == [
        "funapp://tab/<name>", "funapp://item/<id>[?tab=<name>]", "funapp://search?q=<text>",
        "funapp://profile/edit", "funapp://settings", "funapp://profile", "funapp://explore",
        "funapp://explore/<tab>", "funapp://studio", "funapp://studio/<tab>",
      ])
  }

  @Test("Each row says where its link goes: the activity, the tab, and whether a guest may open it")
  func destinations() throws {
    let studio = try DeepLink(parsing: "funapp://studio/sources")
    #expect(studio == .activity(.studio, tab: .sources))
    #expect(studio.activity == .studio)
    #expect(studio.tab == .sources)
    #expect(studio.guestRefusal == L10n.Error.activityNeedsProfile(Activity.studio.name))
    #expect(try DeepLink(parsing: "https://fun.example/studio") == .activity(.studio, tab: nil))
    #expect(try DeepLink(parsing: "funapp://explore/search").guestRefusal == nil)

    let search = DeepLink.search(query: "swift")
    #expect(search.activity == .explore)
    #expect(search.tab == .search)
    #expect(DeepLink.tab(.sources).activity == .studio)
    #expect(DeepLink.item(id: "swiftui", tab: nil).activity == .explore)
    #expect(DeepLink.item(id: "swiftui", tab: nil).tab == nil)
    #expect(DeepLink.editProfile.guestRefusal == L10n.Error.guestHasNoProfile)
  }

  @Test(
    "A guest's answer follows the destination, not the spelling: every link that lands in an activity whose links need a profile is refused",
    arguments: Activity.all.flatMap { activity in activity.tabs.map { (activity, $0) } })
  func guestRefusalFollowsDestination(activity: Activity, tab: Tab) throws {
    let expected = activity.linksNeedProfile ? L10n.Error.activityNeedsProfile(activity.name) : nil
    let spellings = [
      "funapp://tab/\(tab.rawValue)", "https://fun.example/tab/\(tab.rawValue)",
      "funapp://\(activity.id)/\(tab.rawValue)", "funapp://\(activity.id)",
    ]
    for spelling in spellings {
      let link = try DeepLink(parsing: spelling)
      #expect(link.activity == activity, "\(spelling)")
      #expect(link.guestRefusal == expected, "\(spelling)")
    }
  }

  @Test(
    "A link whose tab is not its activity's is refused when it is parsed, naming the activity as the tab bar does",
    arguments: Tab.allCases.filter { !Activity.explore.tabs.contains($0) })
  func itemLinkTabMustBeExplores(tab: Tab) {
    let link = "funapp://item/swiftui?tab=\(tab.rawValue)"
    let error = #expect(throws: AppError.self) { try DeepLink(parsing: link) }
    #expect(
      error
        == .invalidDeepLink(
          link: link,
          reason: L10n.DeepLink.unknownActivityTab(
            activity: Activity.explore.name, name: tab.rawValue,
            names: Activity.explore.tabs.map(\.rawValue).joined(separator: ", "))))
    let german = error.map { Localizer(language: .de)($0.text) } ?? ""
    #expect(german.contains("Entdecken hat keinen Tab „\(tab.rawValue)“"), "\(german)")
  }

  @Test("An activity link names one of its own tabs, by name", arguments: ["home", "1", "mine", "sources/more"])
  func activityTabMustBeItsOwn(name: String) {
    #expect(throws: AppError.self) { try DeepLink(parsing: "funapp://studio/\(name)") }
  }

  @Test("A link is at most 4,000 bytes, as typed and as written with its escapes; a longer one says so, in German too")
  func maximumLength() throws {
    let prefix = "funapp://search?q="
    let query = String(repeating: "a", count: DeepLink.maximumLength - prefix.utf8.count)
    let longest = prefix + query
    #expect(longest.utf8.count == 4_000)
    #expect(try DeepLink(parsing: longest) == .search(query: query))
    // Too long as typed, and short as typed but three times as long percent-encoded.
    for link in [longest + "a", prefix + String(repeating: "é", count: 1400)] {
      let error = #expect(throws: AppError.self) { try DeepLink(parsing: link) }
      guard case .invalidDeepLink(_, let reason) = error else {
        Issue.record("expected invalidDeepLink, got \(String(describing: error))")
        continue
      }
      #expect(error?.message.hasPrefix("Cannot open \(link.prefix(199))…: longer than") == true)
      #expect(reason.description == "longer than 4,000 bytes (counted with its special characters percent-encoded)")
      #expect(Localizer(language: .de)(reason) == "länger als 4.000 Bytes (gezählt mit prozentkodierten Sonderzeichen)")
    }
  }

  @Test(
    "A long value quoted in a reason is named by its start, as the link is",
    arguments: [
      ("funapp://item/", "invalid item id"), ("funapp://tab/", "unknown tab"),
      ("https://fun.example/", "unknown destination"),
    ])
  func longQuotedValuesAreClipped(start: String, reason: String) throws {
    let value = String(repeating: "x", count: 3_000)
    let error = #expect(throws: AppError.self) { try DeepLink(parsing: start + value) }
    guard case .invalidDeepLink(_, let reported) = error else {
      Issue.record("expected invalidDeepLink, got \(String(describing: error))")
      return
    }
    #expect(reported.description.hasPrefix("\(reason) \"\(value.prefix(199))…\""), "\(reported.description)")
  }

  @Test(
    "A value quoted in a reason, and the link, show their control characters escaped as the log does",
    arguments: [
      ("funapp://tab/home\u{0}", "unknown tab \"home\\u{00}\""),
      ("funapp://tab/%E2%80%AEemoh", "unknown tab \"\\u{202E}emoh\""),
      ("funapp://item/%1B%5B2J", "invalid item id \"\\u{1B}[2J\""),
      (
        "funapp://%1Bx",
        "unknown destination \"\\u{1B}x\": expected one of tab, item, search, profile, settings, explore, studio"
      ),
    ])
  func quotedValuesAreEscaped(link: String, reason: String) {
    let error = #expect(throws: AppError.self) { try DeepLink(parsing: link) }
    guard case .invalidDeepLink(_, let reported) = error else {
      Issue.record("expected invalidDeepLink, got \(String(describing: error))")
      return
    }
    #expect(reported.description == reason)
    #expect(
      error?.message.hasPrefix("Cannot open \(VisibleEscapes.escaped(link)): ") == true, "\(error?.message ?? "")")
  }
}
