import Foundation

/// `rename-app --name <Name> [--scheme <scheme>] [--web-host <host>] [--allow-dirty] [--dry-run]`:
/// checks the new names, refuses a dirty work tree, renames, and says what it changed.
package struct RenameCommand: Equatable, Sendable {
  /// The new module prefix and app name.
  package var name: String
  /// The new link scheme; the name in lowercase unless told.
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
    let scheme = scheme ?? name.lowercased()
    let webHost = webHost ?? "\(name.lowercased()).example"
    try NameRules.checkScheme(scheme)
    try NameRules.checkWebHost(webHost)
    let identity = AppIdentity(name: name, scheme: scheme, webHost: webHost)
    let current = try AppIdentity.read(from: root)
    if current.scheme == current.binary, identity.scheme != identity.binary {
      throw .badArgument(
        "The scheme and the binary are both \(current.binary) here, so which is which cannot be told apart: "
          + "rename with --scheme \(identity.binary) (and change the scheme by hand afterwards).")
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

  /// What to do after a rename, printed after the list of changes.
  static func nextSteps(for identity: AppIdentity) -> [String] {
    [
      "Next:",
      "  swift build && swift test   (the deleted snapshots fail until recorded: "
        + "\(identity.name.uppercased())_RECORD_SNAPSHOTS=1 swift test --filter \(identity.name)FrontendTests, then look at them)",
      "  swift package check-layering; bash App/Flows/run-flows.sh $(swift build --show-bin-path)/\(identity.binary)",
      "  git add -A && git commit -m 'Rename the app to \(identity.name)'",
      "  docs/Forking.md says what comes next: the sample features you do not want, your own catalog, CI.",
    ]
  }
}
