import Foundation

/// `rename-app --name <Name> [--scheme <scheme>] [--web-host <host>] [--allow-dirty] [--dry-run]`:
/// checks the new names, refuses a dirty work tree, renames, and says what it changed.
package struct RenameCommand: Equatable, Sendable {
  /// The new module prefix and app name.
  package var name: String
  /// The new link scheme; the binary's name with `app` after it unless told (`orbitapp`).
  package var scheme: String?
  /// The new web host; `<binary>.example` unless told.
  package var webHost: String?
  /// Whether to rename in a work tree with uncommitted changes.
  package var allowDirty = false
  /// Whether to only print what would change.
  package var dryRun = false

  /// How to call it, for the error that a wrong call gets.
  package static let usage = """
    usage: swift package --allow-writing-to-package-directory rename-app --name <Name> \
    [--scheme <scheme>] [--web-host <host>] [--allow-dirty] [--dry-run]
    """

  /// What `--help` prints.
  package static let help = [
    usage,
    "Renames the app: module prefixes, products and binary, imports, links, scheme, web host, state folder,",
    "string tables, docs and CI (LICENSE keeps its notice). docs/Forking.md says more.",
    "  --name <Name>       the module prefix and the app's name (Orbit: OrbitCore…, the binary orbit)",
    "  --scheme <scheme>   the link scheme (default: the binary's name and app, orbitapp); not the binary's",
    "                      name itself, which a later rename could not tell from the scheme",
    "  --web-host <host>   the web host whose paths mirror the links (default: orbit.example)",
    "  --allow-dirty       rename in a work tree with uncommitted changes",
    "  --dry-run           only list what would change",
  ]

  /// The command the arguments describe.
  package init(arguments: [String]) throws(ForkKitError) {
    var name: String?
    var arguments = arguments[...]
    while let argument = arguments.popFirst() {
      switch argument {
      case "--allow-dirty": allowDirty = true
      case "--dry-run": dryRun = true
      case "--name", "--scheme", "--web-host":
        guard let value = arguments.popFirst() else { throw .badArgument("\(argument) needs a value.\n\(Self.usage)") }
        if argument == "--name" {
          name = value
        } else if argument == "--scheme" {
          scheme = value
        } else {
          webHost = value
        }
      default:
        throw .badArgument("Unknown argument \(argument).\n\(Self.usage)")
      }
    }
    guard let name else { throw .badArgument("Name the app with --name.\n\(Self.usage)") }
    self.name = name
  }

  /// Renames the tree at `root`, returning what to print.
  package func run(root: URL) throws(ForkKitError) -> [String] {
    try NameRules.checkName(name)
    let scheme = scheme ?? "\(name.lowercased())app"
    let webHost = webHost ?? "\(name.lowercased()).example"
    try NameRules.checkScheme(scheme)
    try NameRules.checkWebHost(webHost)
    let identity = AppIdentity(name: name, scheme: scheme, webHost: webHost)
    let current = try AppIdentity.read(from: root)
    // A scheme spelt as the binary could not be told from it by a later rename: `orbit` in
    // `orbit --open` and in `orbit://` would be one word to replace.
    if current.scheme == current.binary, identity.scheme != identity.binary {
      throw .badArgument(
        "The scheme and the binary are both \(current.binary) here, so which is which cannot be told apart: "
          + "rename with --scheme \(identity.binary) (and change the scheme by hand afterwards).")
    }
    if identity.scheme == identity.binary, current.scheme != current.binary {
      throw .badArgument(
        "\"\(scheme)\" cannot be the link scheme: it is the binary's name, so a later rename could not tell "
          + "the two apart (`\(scheme) --open \(scheme)://…`). Use another, such as \(identity.binary)app (the default)."
      )
    }
    if current == identity {
      return [
        "Nothing to rename: the app is already called \(name) (\(current)); its modules, binary, scheme and web host all say so."
      ]
    }
    if !allowDirty, !dryRun { try TreeFile.requireClean(root, for: "the rename") }
    let renaming = try Renaming(root: root, to: identity)
    if dryRun { return renaming.report.map { $0.replacingOccurrences(of: " is now ", with: " would become ") } }
    try renaming.apply()
    let formatted =
      renaming.format() ? [] : ["(swift format could not be run: run `swift format format -i -r .` before you commit)"]
    return renaming.report + formatted + Self.nextSteps(for: identity)
  }

  /// What to do after a rename, printed after the list of changes: the commands
  /// docs/Forking.md shows.
  static func nextSteps(for identity: AppIdentity) -> [String] {
    [
      "Next (docs/Forking.md, 1.): record the deleted snapshots, look at a few, check, commit:",
      "  swift build --build-tests",
      "  \(identity.name.uppercased())_RECORD_SNAPSHOTS=1 swift test --skip-build --filter \(identity.name)FrontendTests"
        + "   # fails once: \"Recorded snapshot …\"",
      "  git status --short -- '*.snapshots/*'   # only new files",
      "  swift test && swift package check-layering",
      "  bash App/Flows/run-flows.sh \"$(swift build --show-bin-path)/\(identity.binary)\"",
      "  git add -A && git commit -m 'Rename the app to \(identity.name)'",
      "Then docs/Forking.md says what comes next: your tabs, the sample features you do not want, your catalog, CI.",
    ]
  }
}
