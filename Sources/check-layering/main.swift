import Foundation
import LayeringChecker

// The tool behind `swift package check-layering` (Plugins/CheckLayering); also runs on its own:
// `swift run check-layering --root <folder>`. The logic is CheckLayeringCommand, in the library.
let outcome = await CheckLayeringCommand.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
)
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.errors.utf8))
exit(outcome.status)
