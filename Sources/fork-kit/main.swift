import ForkKit
import Foundation

// fork-kit <command> --root <package folder> [arguments]: the logic behind the `rename-app`
// and `add-feature` command plugins, which run it with the package's folder. What is done is
// printed on standard output, why a command refused on standard error. Exit status: 0 done,
// 1 refused (a bad name, a dirty tree: the message says why), 2 a wrong call.

let outcome = ForkKitCommandLine.run(Array(CommandLine.arguments.dropFirst()))
if !outcome.output.isEmpty { print(outcome.output.joined(separator: "\n")) }
if !outcome.errors.isEmpty {
  FileHandle.standardError.write(Data((outcome.errors.joined(separator: "\n") + "\n").utf8))
}
exit(outcome.status)
