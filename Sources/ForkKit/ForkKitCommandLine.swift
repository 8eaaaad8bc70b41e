import Foundation

/// `fork-kit <command> --root <package folder> [arguments]`: what the `fork-kit` tool does with
/// its arguments, here rather than in its `main.swift` so the tests run it. The command plugins
/// run the tool with the package's folder.
package enum ForkKitCommandLine {
  /// What a run printed and how it ended.
  package struct Outcome: Equatable, Sendable {
    /// The lines for standard output: what changed, or the help asked for.
    package var output: [String] = []
    /// The lines for standard error: why the command refused or failed.
    package var errors: [String] = []
    /// The exit status: 0 done, 1 refused (a bad name, a dirty tree), 2 a wrong call.
    package var status: Int32 = 0
  }

  /// How to call the tool itself.
  static let usage = "usage: fork-kit (rename-app | add-feature) --root <package folder> [arguments]"

  /// Runs the tool's `arguments` (without the program's name). `--help` (or `-h`) anywhere
  /// after the command prints the command's help instead of running it.
  package static func run(_ arguments: [String]) -> Outcome {
    guard arguments.count >= 3, arguments[1] == "--root" else { return Outcome(errors: [usage], status: 2) }
    let root = URL(filePath: arguments[2], directoryHint: .isDirectory)
    let rest = Array(arguments.dropFirst(3))
    let asksForHelp = rest.contains("--help") || rest.contains("-h")
    do {
      switch arguments[0] {
      case "rename-app":
        return Outcome(output: asksForHelp ? RenameCommand.help : try RenameCommand(arguments: rest).run(root: root))
      case "add-feature":
        return Outcome(
          output: asksForHelp ? AddFeatureCommand.help : try AddFeatureCommand(arguments: rest).run(root: root))
      default:
        return Outcome(errors: [usage], status: 2)
      }
    } catch {
      return Outcome(errors: ["error: \(error)"], status: 1)
    }
  }
}
