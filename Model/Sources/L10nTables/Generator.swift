import Foundation

/// The generator's run: reads the tables at the given paths (the base, `en.json`, first),
/// checks them and returns the Swift source; what the `L10nGenerator` tool writes.
public enum Generator {
  /// The source for the tables at `paths`, the base language's first.
  public static func run(tablePaths paths: [String]) throws -> String {
    let tables = try paths.map { path in
      let url = URL(fileURLWithPath: path)
      let data: Data
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw StringTable.Failure(description: "\(path): error: cannot read the table (\(error.localizedDescription))")
      }
      return try StringTable(language: url.deletingPathExtension().lastPathComponent, data: data, file: path)
    }
    guard let base = tables.first else {
      throw StringTable.Failure(description: "error: no string tables given")
    }
    return CodeGenerator.source(for: try TableSet(base: base, translations: Array(tables.dropFirst())))
  }

  /// The base table's file name.
  public static let baseTable = "en.json"
}
