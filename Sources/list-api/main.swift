import Foundation
import LayeringChecker

// The public-API listings' generator, which `bash .ci/run api` runs (docs/CI.md, "The public API"):
//
//   list-api modules                          the library and test-support modules of layers.json,
//                                             one a line, layer by layer
//   list-api write <symbol graphs> <output>   for each folder <symbol graphs>/<Module> (that
//                                             module's graphs), writes <output>/<Module>.txt
//
// The step extracts the graphs (swift-symbolgraph-extract needs the build's target and SDK,
// which the script knows); this tool only reads them. The format is APIListing's.

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let files = FileManager.default
switch arguments.first {
case "modules" where arguments.count == 1:
  let root = URL(fileURLWithPath: files.currentDirectoryPath, isDirectory: true)
  let table: LayerTable
  do {
    table = try LayerTable.load(from: root.appendingPathComponent(LayerTable.fileName))
  } catch {
    fail("\(error)")
  }
  for layer in table.layers {
    for module in layer.modules + layer.testSupport { print(module) }
  }
case "write" where arguments.count == 3:
  let graphs = URL(fileURLWithPath: arguments[1], isDirectory: true)
  let output = URL(fileURLWithPath: arguments[2], isDirectory: true)
  do {
    try files.createDirectory(at: output, withIntermediateDirectories: true)
    for module in try files.contentsOfDirectory(atPath: graphs.path).sorted() {
      let folder = graphs.appendingPathComponent(module, isDirectory: true)
      let graphFiles = try files.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".symbols.json") }
      guard !graphFiles.isEmpty else { fail("no symbol graphs in \(folder.path)") }
      let listing = APIListing(
        graphs: try graphFiles.sorted().map {
          try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: folder.appendingPathComponent($0)))
        }
      )
      let text = listing.lines.map { $0 + "\n" }.joined()
      try Data(text.utf8).write(to: output.appendingPathComponent("\(module).txt"))
      print("\(module): \(listing.lines.count) public declarations")
    }
  } catch {
    fail("\(error)")
  }
default:
  fail("usage: list-api modules | list-api write <symbol graphs folder> <output folder>")
}
