import Foundation

/// The edits that register a new tab where the app lists its tabs. Each inserts the feature's
/// line after the last line of its kind (the last `case` of `Tab`, the last tab coordinator…),
/// found by its shape rather than by a neighbour's name, so it holds while others add tabs too;
/// a place that cannot be found stops the command before anything is written.
struct FeatureRegistration {
  let root: URL
  /// The module prefix: `Fun`.
  let app: String
  let templates: FeatureTemplates
  /// The edited files' new texts, by path.
  private(set) var edited: [String: String] = [:]

  init(root: URL, app: String, templates: FeatureTemplates) {
    self.root = root
    self.app = app
    self.templates = templates
  }

  /// Where the new tab goes.
  enum Placement {
    /// Into the declared activity with this id (the first declared when `nil`).
    case existing(String?)
    /// Into a new activity with this id, declared last (so the others keep their numbers).
    case new(String)
  }

  /// Route words a new activity's id cannot be, as `<scheme>://<id>` must stay one link.
  static let reservedActivityIDs: Set<String> = ["tab", "item", "search", "profile", "settings", "edit"]

  /// Works out every registration; returns the activity the tab joined.
  mutating func register(in placement: Placement) throws(ForkKitError) -> String {
    let templates = templates
    let feature = templates.feature
    let lower = templates.lower
    let app = app
    try edit("Model/Sources/\(app)Model/Domain/Tab.swift") { lines throws(ForkKitError) in
      let cases = lines.indices.filter { lines[$0].hasPrefix("  case ") && !lines[$0].contains(":") }
      let existing = cases.flatMap {
        lines[$0].dropFirst(7).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      }
      guard !existing.contains(lower) else {
        throw .badArgument("There is a tab \(lower) already: choose another name.")
      }
      try Self.insert("  case \(lower)", after: cases.last, in: &lines, what: "the cases of Tab")
      let labels = lines.indices.filter { lines[$0].hasPrefix("    case .") && lines[$0].contains(": L10n.Tab.") }
      try Self.insert("    case .\(lower): L10n.Tab.\(lower)", after: labels.last, in: &lines, what: "Tab's labels")
    }
    var joined = ""
    try edit("Model/Sources/\(app)Model/Domain/Activity.swift") { lines throws(ForkKitError) in
      switch placement {
      case .existing(let activity): joined = try Self.addTab(lower, to: activity, in: &lines)
      case .new(let id):
        try Self.declareActivity(id, feature: feature, tab: lower, in: &lines)
        joined = id
      }
    }
    try edit("Coordinator/Sources/\(app)Coordinator/App/AppCoordinator.swift") { lines throws(ForkKitError) in
      let properties = lines.indices.filter { Self.matches(lines[$0], #"^  let [a-z]\w*: \w+Coordinator$"#) }
      try Self.insert(
        "  let \(lower): \(feature)Coordinator", after: properties.last, in: &lines, what: "the tab coordinators")
      let builds = lines.indices.filter { Self.matches(lines[$0], #"^    [a-z]\w* = \w+Coordinator\("#) }
      try Self.insert(
        "    \(lower) = \(feature)Coordinator(stores: stores, dependencies: dependencies, presenter: presenter)",
        after: builds.last, in: &lines, what: "where the tab coordinators are built")
      let switchCases = lines.indices.filter { Self.matches(lines[$0], #"^    case \.[a-z]\w*: [a-z]\w*$"#) }
      try Self.insert("    case .\(lower): \(lower)", after: switchCases.last, in: &lines, what: "coordinator(for:)")
    }
    try edit("Frontend/Sources/\(app)Frontend/Screens/Common/Screens.swift") { lines throws(ForkKitError) in
      let end = lines.lastIndex { $0 == "}" }
      try Self.insert(templates.screensFunction, after: end.map { $0 - 1 }, in: &lines, what: "the end of Screens")
    }
    // The one mock of every coordinator protocol takes the tab's too, so the screen tests'
    // harness (help's check that every key it lists acts) sees the tab's navigation.
    try edit("Model/Sources/\(app)ModelTestSupport/MockCoordinators.swift") { lines throws(ForkKitError) in
      let declaration = lines.firstIndex { $0.hasPrefix("public final class MockCoordinator:") }
      // Its protocols run to the `{` that opens it: on a line of its own when the list wraps (as
      // `swift format` leaves it), else at the end of the declaration's line.
      let brace = declaration.flatMap { start in lines[start...].firstIndex { $0.contains("{") } }
      guard let brace, let open = lines[brace].firstIndex(of: "{") else {
        throw .unreadableTree("cannot find MockCoordinator to add the feature to")
      }
      let before = lines[brace][..<open]
      if before.allSatisfy(\.isWhitespace) {
        lines[brace - 1] += ", \(feature)Coordinating"
      } else {
        let protocols = before.reversed().drop { $0.isWhitespace }.reversed()
        lines[brace] = String(protocols) + ", \(feature)Coordinating " + lines[brace][open...]
      }
    }
    try edit("Frontend/Tests/\(app)FrontendTests/Screens/Common/RenderPurityTests.swift") {
      lines throws(ForkKitError) in
      let start = lines.firstIndex { $0.contains("static let everyScreen: [PurityCase] = [") }
      try Self.insert(templates.purityCase, after: start, in: &lines, what: "PurityCase.everyScreen")
    }
    // German for every string but the tab's name, which is the name the feature was given;
    // the pseudo-locale is derived from English.
    let strings = [
      "en": (
        hints: "↑↓ move  ⏎ open  f favorite  r refresh  ? help", hintsEmpty: "r refresh  ? help",
        intro: "A tab made by add-feature: the catalog's items. Make it \(feature).", empty: "Nothing here yet."
      ),
      "de": (
        hints: "↑↓ bewegen  ⏎ öffnen  f Favorit  r neu laden  ? Hilfe", hintsEmpty: "r neu laden  ? Hilfe",
        intro: "Ein Tab von add-feature: die Einträge des Katalogs. Mach \(feature) daraus.",
        empty: "Hier ist noch nichts."
      ),
    ]
    for (language, text) in strings.sorted(by: { $0.key < $1.key }) {
      try edit("Model/Sources/\(app)Model/Localization/Tables/\(language).json") { lines throws(ForkKitError) in
        let tabs = lines.indices.filter { lines[$0].hasPrefix("  \"tab.") }
        try Self.insertEntries(
          "  \"tab.\(lower)\": \"\(feature)\",", after: tabs.last, in: &lines, what: "the tab names")
        if case .new(let id) = placement {
          let activities = lines.indices.filter { lines[$0].hasPrefix("  \"activity.") }
          try Self.insertEntries(
            "  \"activity.\(id)\": \"\(feature)\",", after: activities.first.map { $0 - 1 }, in: &lines,
            what: "the activity names")
        }
        let firstHelp = lines.firstIndex { $0.hasPrefix("  \"help.") }
        let block = [
          "  \"\(lower).hints\": \"\(text.hints)\",", "  \"\(lower).hintsEmpty\": \"\(text.hintsEmpty)\",",
          "  \"\(lower).intro\": \"\(text.intro)\",", "  \"\(lower).empty\": \"\(text.empty)\",", "",
        ]
        try Self.insertEntries(
          block.joined(separator: "\n"), after: firstHelp.map { $0 - 1 }, in: &lines, what: "help's strings")
      }
    }
    return joined
  }

  /// Adds `.tab` to the `tabs:` list of the activity named `activity` (the first in `all`
  /// unless given); returns the activity's name.
  private static func addTab(_ tab: String, to activity: String?, in lines: inout [String]) throws(ForkKitError)
    -> String
  {
    let declared = lines.compactMap { line -> String? in
      guard let range = line.range(of: #"static let (\w+) = Activity\("#, options: .regularExpression) else {
        return nil
      }
      return String(line[range].dropFirst("static let ".count).prefix { $0 != " " })
    }
    let allLine = lines.first { $0.contains("static let all: [Activity] = [") }
    let first = allLine.flatMap { $0.split(separator: "[").last?.split(separator: ",").first }
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ]")) }
    guard let name = activity ?? first, declared.contains(name) else {
      throw .badArgument(
        "There is no activity \(activity ?? "declared"): choose one of \(declared.joined(separator: ", ")) "
          + "with --activity (docs/HowTo.md, 'Add an activity', says how to declare a new one).")
    }
    guard let start = lines.firstIndex(where: { $0.contains("static let \(name) = Activity(") }) else {
      throw .unreadableTree("Activity.swift does not declare \(name)")
    }
    for index in start..<lines.count {
      guard let tabs = lines[index].range(of: "tabs: [") else { continue }
      guard let close = lines[index][tabs.upperBound...].firstIndex(of: "]") else { break }
      let isEmpty = close == tabs.upperBound
      lines[index].insert(contentsOf: (isEmpty ? "" : ", ") + ".\(tab)", at: close)
      return name
    }
    throw .unreadableTree("the declaration of \(name) in Activity.swift has no one-line `tabs: [...]`")
  }

  /// Declares the activity `id` with the one tab `tab`, before the list of all activities, and
  /// appends it to that list.
  private static func declareActivity(_ id: String, feature: String, tab: String, in lines: inout [String])
    throws(ForkKitError)
  {
    guard let first = id.first, first.isLowercase, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }),
      !AddFeatureCommand.keywords.contains(id), !reservedActivityIDs.contains(id)
    else {
      throw .badArgument(
        "\"\(id)\" cannot be an activity's id: use lowercase ASCII letters and digits, not a Swift keyword "
          + "nor a link's first word (\(reservedActivityIDs.sorted().joined(separator: ", "))).")
    }
    guard !lines.contains(where: { $0.contains("static let \(id) = Activity(") }) else {
      throw .badArgument("There is an activity \(id) already: use --activity \(id) to add the tab to it.")
    }
    guard var allLine = lines.firstIndex(where: { $0.contains("static let all: [Activity] = [") }),
      let close = lines[allLine].lastIndex(of: "]")
    else { throw .unreadableTree("Activity.swift has no one-line `static let all: [Activity] = [...]`") }
    lines[allLine].insert(contentsOf: ", \(id)", at: close)
    while allLine > 0, lines[allLine - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { allLine -= 1 }
    lines.insert(
      contentsOf: [
        "  /// \(feature), made by add-feature: its own activity, with its one tab.",
        "  public static let \(id) = Activity(id: \"\(id)\", name: L10n.Activity.\(id), tabs: [.\(tab)])", "",
      ], at: allLine)
  }

  /// Inserts string-table entries (lines ending in `,`) after line `index`, keeping the JSON
  /// valid: the line before gets its comma if it was the last entry, and entries that end up
  /// last lose theirs.
  private static func insertEntries(_ text: String, after index: Int?, in lines: inout [String], what: String)
    throws(ForkKitError)
  {
    guard let index else { throw .unreadableTree("cannot find \(what) to add the feature to") }
    var entries = text
    let previous = lines[index].trimmingCharacters(in: .whitespaces)
    if previous.hasPrefix("\""), !previous.hasSuffix(",") { lines[index] += "," }
    let following = lines[(index + 1)...].first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    if following?.trimmingCharacters(in: .whitespaces) == "}" {
      entries = entries.trimmingCharacters(in: .newlines)
      if entries.hasSuffix(",") { entries.removeLast() }
    }
    lines.insert(entries, at: index + 1)
  }

  private static func matches(_ line: String, _ pattern: String) -> Bool {
    line.range(of: pattern, options: .regularExpression) != nil
  }

  private static func insert(_ text: String, after index: Int?, in lines: inout [String], what: String)
    throws(ForkKitError)
  {
    guard let index else { throw .unreadableTree("cannot find \(what) to add the feature to") }
    lines.insert(text, at: index + 1)
  }

  /// The string keys the edited tables would name twice, as (path, key), sorted: a feature
  /// whose keys some other part of the app already uses (`Help` adds `help.hints`).
  var duplicateKeys: [(path: String, key: String)] {
    edited.keys.filter { $0.hasSuffix(".json") }.sorted().flatMap { path in
      var seen = Set<String>()
      return (edited[path] ?? "").split(separator: "\n").compactMap { line -> (path: String, key: String)? in
        // The tables' keys are the lines indented by two spaces (a plural's forms share its line).
        guard line.hasPrefix("  \""), let end = line.dropFirst(3).firstIndex(of: "\"") else { return nil }
        let key = String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        return seen.insert(key).inserted ? nil : (path, key)
      }
    }
  }

  /// Edits the file at `path` line by line (its latest text, if an earlier edit changed it).
  private mutating func edit(_ path: String, _ change: (inout [String]) throws(ForkKitError) -> Void)
    throws(ForkKitError)
  {
    var text = edited[path] ?? ""
    if edited[path] == nil { text = try TreeFile.text(at: root.appending(path: path)) }
    var lines = text.components(separatedBy: "\n")
    try change(&lines)
    edited[path] = lines.joined(separator: "\n")
  }
}
