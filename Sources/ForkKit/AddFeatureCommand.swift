import Foundation

/// `add-feature <Name> [--activity <id>] [--allow-dirty]`: writes a working tab across the
/// layers (``FeatureTemplates``) and registers it where the app lists its tabs — the `Tab`
/// enum and its labels, the activity's declaration, the app coordinator, the `Screens`
/// functions, the render-purity cases and the string tables — each by inserting a line beside
/// the ones of its kind, so entries others add at the same time do not get in the way.
package struct AddFeatureCommand: Equatable, Sendable {
  /// The feature's name, as its types start: `Orders`.
  package var name: String
  /// The activity whose tab bar shows it; the first declared unless told.
  package var activity: String?
  /// A new activity to declare for it (its id), instead of joining an existing one.
  package var newActivity: String?
  /// Whether to write into a work tree with uncommitted changes.
  package var allowDirty = false

  /// How to call it, for the error that a wrong call gets.
  package static let usage =
    "usage: swift package --allow-writing-to-package-directory add-feature <Name> "
    + "[--activity <id> | --new-activity <id>] [--allow-dirty]"

  /// What `--help` prints.
  package static let help = [
    usage,
    "Writes a working tab across the layers (Model, ViewModel, Frontend, Coordinator, strings, two flows) and",
    "registers it in its activity; it refuses a name whose files or string keys exist already. docs/Forking.md says more.",
    "  <Name>                the feature's name, as its types start: Orders (OrdersViewModel, the tab orders)",
    "  --activity <id>       the activity whose tab bar shows it (default: the first declared)",
    "  --new-activity <id>   declare a new activity for it instead",
    "  --allow-dirty         write into a work tree with uncommitted changes",
  ]

  /// Lowercase words Swift reserves, which a tab case cannot be named without backticks.
  static let keywords: Set<String> = [
    "any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
    "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in",
    "init", "inout", "internal", "is", "let", "nil", "open", "operator", "private", "protocol", "public", "repeat",
    "rethrows", "return", "self", "some", "static", "struct", "subscript", "super", "switch", "throw", "throws",
    "true", "try", "typealias", "var", "where", "while",
  ]

  /// The command the arguments describe.
  package init(arguments: [String]) throws(ForkKitError) {
    var name: String?
    var arguments = arguments[...]
    while let argument = arguments.popFirst() {
      switch argument {
      case "--allow-dirty": allowDirty = true
      case "--activity", "--new-activity":
        guard let value = arguments.popFirst() else {
          throw .badArgument("\(argument) needs a value.\n\(Self.usage)")
        }
        if argument == "--activity" { activity = value } else { newActivity = value }
      default:
        guard !argument.hasPrefix("-"), name == nil else {
          throw .badArgument("Unknown argument \(argument).\n\(Self.usage)")
        }
        name = argument
      }
    }
    guard let name else { throw .badArgument("Name the feature.\n\(Self.usage)") }
    guard activity == nil || newActivity == nil else {
      throw .badArgument("Give --activity or --new-activity, not both.\n\(Self.usage)")
    }
    self.name = name
  }

  /// Writes the feature into the tree at `root`, returning what to print. Nothing is written
  /// unless every place to register it is found.
  package func run(root: URL) throws(ForkKitError) -> [String] {
    try checkName()
    let identity = try AppIdentity.read(from: root)
    if !allowDirty { try TreeFile.requireClean(root, for: "add-feature") }
    let templates = FeatureTemplates(app: identity.name, feature: name)
    var writes = templates.files
    var edits = FeatureRegistration(root: root, app: identity.name, templates: templates)
    let activity = try edits.register(in: newActivity.map { .new($0) } ?? .existing(activity))
    writes[templates.flowPath] = templates.flow(scheme: identity.scheme, activity: activity)
    writes[templates.spokenFlowPath] = templates.spokenFlow(scheme: identity.scheme)
    // Every new file and every new string key is checked before anything is written: a name
    // such as Tour or Help would otherwise overwrite a flow of the sample's, or give a table a
    // key twice.
    for path in writes.keys.sorted() where FileManager.default.fileExists(atPath: root.appending(path: path).path) {
      throw .badArgument("\(name) clashes with what is there: \(path) exists already. Choose another name.")
    }
    if let (path, key) = edits.duplicateKeys.first {
      throw .badArgument(
        "\(name) clashes with what is there: \(path) has the key \"\(key)\" already. Choose another name.")
    }
    // Everything is worked out; only now is anything written.
    for (path, text) in writes.merging(edits.edited, uniquingKeysWith: { $1 }) {
      try TreeFile.write(text, to: root.appending(path: path))
    }
    let formatted = TreeFile.format(Array(writes.keys) + Array(edits.edited.keys), root: root)
    return ["Added the \(name) tab to \(newActivity == nil ? "" : "the new activity ")\(activity):"]
      + writes.keys.sorted().map { "  new     \($0)" }
      + edits.edited.keys.sorted().map { "  edited  \($0)" }
      + (formatted ? [] : ["  (swift format was not found: run `swift format format -i` on these files)"])
      + nextSteps(identity: identity, templates: templates)
  }

  private func checkName() throws(ForkKitError) {
    let lower = FeatureTemplates(app: "", feature: name).lower
    guard name.count >= 2, name.count <= 30, name.first?.isUppercase == true,
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else {
      throw .badArgument(
        "\"\(name)\" cannot name a feature: use 2 to 30 ASCII letters and digits starting with an uppercase letter, "
          + "such as Orders, since it starts the feature's types (\(name)ViewModel) and, lowercased, names its tab.")
    }
    guard !Self.keywords.contains(lower) else {
      throw .badArgument("\"\(name)\" cannot name a feature: its tab would be `.\(lower)`, a word Swift reserves.")
    }
  }

  private func nextSteps(identity: AppIdentity, templates: FeatureTemplates) -> [String] {
    let app = identity.name
    let record = "\(app.uppercased())_RECORD_SNAPSHOTS=1"
    let binary = app.lowercased()
    return [
      "Next:",
      "  1. Record the new screen's snapshots and look at them: \(record) swift test --filter "
        + "\(app)FrontendTests (it fails once, saying what it recorded), then swift test. Every snapshot "
        + "that shows the activity's tab bar changes too, and, if the activity now has the most tabs, "
        + "those of help and Profile that name the number keys (1-n).",
      "  2. The German strings in Model/Sources/\(app)Model/Localization/Tables/de.json are German, "
        + "but the tab's name \"tab.\(templates.lower)\" is \"\(name)\" as you gave it: translate it "
        + "(the pseudo-locale follows English by itself).",
      "  3. Make it \(name): its data (a service protocol in Model, as docs/\(app)Guide.docc/"
        + "AddingAService.md says), its ViewModel, screen and keys; the tests, \(templates.flowPath) "
        + "and \(templates.spokenFlowPath) grow with it.",
      "  4. The tests derive the tab sets and number keys from the declarations, so none needs editing; "
        + "the pages that show the sample's tabs do: README.md's frame (a test compares it with a run, "
        + "so add the tab to its tab bar if it joined Explore), docs/Keys.md (how many tabs Explore has) and, if "
        + "the activity now has the most tabs, App/Flows/screen-reader-search.\(binary) (the help it "
        + "reads says \"1 to n\").",
      "  5. swift package check-layering; bash .ci/run api --update (the new public declarations); commit.",
    ]
  }
}
