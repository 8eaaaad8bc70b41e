import ForkKit
import Foundation

// fork-kit <command> --root <package folder> [arguments]: the logic behind the `rename-app`
// and `add-feature` command plugins, which run it with the package's folder. Exit status: 0
// done, 1 refused (a bad name, a dirty tree: the message says why), 2 a wrong call.

let usage = "usage: fork-kit (rename-app | add-feature) --root <package folder> [arguments]"
var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3, arguments[1] == "--root" else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(2)
}
let command = arguments[0]
let root = URL(filePath: arguments[2], directoryHint: .isDirectory)
arguments.removeFirst(3)

do {
  let lines: [String]
  switch command {
  case "rename-app": lines = try RenameCommand(arguments: arguments).run(root: root)
  case "add-feature": lines = try AddFeatureCommand(arguments: arguments).run(root: root)
  default:
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
  }
  print(lines.joined(separator: "\n"))
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
