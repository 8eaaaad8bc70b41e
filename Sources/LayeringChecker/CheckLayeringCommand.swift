import Foundation

/// The `check-layering` command, which `swift package check-layering` runs: reads the rules
/// table, loads the workspace, checks it and reports.
///
/// It lives in the library, not in the executable, so tests run exactly what the plugin runs.
/// Each violation is one line `file:line: rule: message` on standard output, followed by a
/// summary; the exit status is 0 when the workspace is clean, 1 when it has violations and 2
/// when it cannot be checked (bad arguments, an unreadable table, a manifest that does not load).
public enum CheckLayeringCommand {
  /// What the command printed and how it ended.
  public struct Outcome: Sendable, Equatable {
    /// Standard output: one line per violation, then the summary.
    public let output: String
    /// Standard error: why the workspace could not be checked.
    public let errors: String
    /// The exit status: 0 clean, 1 violations, 2 not checked.
    public let status: Int32
  }

  /// The help text.
  public static let usage = """
    USAGE: check-layering [--root <folder>] [--table <file>]

    Checks a layered SwiftPM workspace against its rules table: every import of every Swift file
    and every manifest (package dependencies, target dependencies, products).

    OPTIONS:
      --root <folder>   The workspace root (default: the current folder).
      --table <file>    The rules table (default: <root>/\(LayerTable.fileName)).
      -h, --help        Show this help.

    Prints `file:line: rule: message` per violation. Exit status: 0 clean, 1 violations,
    2 the workspace could not be checked.

    """

  /// Runs the command with `arguments` (without the program name); relative paths are taken
  /// from `currentDirectory`.
  public static func run(arguments: [String], currentDirectory: URL) async -> Outcome {
    var root = currentDirectory
    var table: URL?
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "-h", "--help":
        return Outcome(output: usage, errors: "", status: 0)
      case "--root", "--table":
        guard let value = remaining.popFirst() else {
          return failure("\(argument) needs a value\n\n\(usage)")
        }
        let url = URL(fileURLWithPath: value, relativeTo: currentDirectory).standardizedFileURL
        if argument == "--root" { root = url } else { table = url }
      default:
        return failure("unknown argument '\(argument)'\n\n\(usage)")
      }
    }
    return await check(root: root, table: table ?? root.appending(path: LayerTable.fileName))
  }

  private static func failure(_ message: String) -> Outcome {
    Outcome(output: "", errors: "check-layering: error: \(message)\n", status: 2)
  }

  private static func check(root: URL, table tableURL: URL) async -> Outcome {
    let rules: LayerRules
    let tableText: String
    let snapshot: RepositorySnapshot
    do {
      let table = try LayerTable.load(from: tableURL)
      rules = try LayerRules(table: table)
      tableText = (try? String(contentsOf: tableURL, encoding: .utf8)) ?? ""
      snapshot = try await RepositorySnapshot.load(root: root, table: table)
    } catch {
      return failure("\(error)")
    }
    let rootPath = root.standardizedFileURL.path
    let tablePath = tableURL.standardizedFileURL.path
    let shownTablePath =
      tablePath.hasPrefix(rootPath + "/") ? String(tablePath.dropFirst(rootPath.count + 1)) : tablePath
    let checker = ArchitectureChecker(rules: rules, tablePath: shownTablePath, tableText: tableText)
    let violations = checker.check(snapshot)
    let scope = "\(snapshot.packages.count) packages, \(snapshot.sources.count) Swift files, rules in \(shownTablePath)"
    let lines = violations.map(\.description)
    if lines.isEmpty {
      return Outcome(output: "check-layering: no violations (\(scope))\n", errors: "", status: 0)
    }
    let count = violations.count == 1 ? "1 violation" : "\(violations.count) violations"
    return Outcome(
      output: lines.joined(separator: "\n") + "\ncheck-layering: \(count) (\(scope))\n",
      errors: "",
      status: 1
    )
  }
}
