import Foundation
import L10nTables

// L10nGenerator OUTPUT TABLE...: the build plugin's tool. Writes the accessors for the tables
// to OUTPUT, or prints every problem of the tables and fails the build.
let arguments = CommandLine.arguments.dropFirst()
do {
  guard let output = arguments.first else {
    throw StringTable.Failure(description: "usage: L10nGenerator OUTPUT TABLE...")
  }
  let source = try Generator.run(tablePaths: Array(arguments.dropFirst()))
  try source.write(toFile: output, atomically: true, encoding: .utf8)
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
