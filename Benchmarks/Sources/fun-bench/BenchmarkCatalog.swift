import Foundation
import FunModel

/// Deterministic catalogs of any size, shaped like the bundled one (a short title, a one-line
/// subtitle, a sentence of description, eight categories, every seventh item featured).
///
/// fun-bench is production code and may not use FunModelTestSupport's fixtures, so it
/// generates its own. The text is ASCII so that a plain lowercased scan and the app's folding
/// search find exactly the same items, and no query of ``SearchBenchmark`` occurs in a category
/// name, so the two do the same work.
enum BenchmarkCatalog {
  /// The number of categories items spread over.
  static let categoryCount = 8

  /// `count` items with ids `item-0`, `item-1`, …
  static func items(count: Int) -> [FeaturedItem] {
    (0..<count).map(item(at:))
  }

  /// Writes the catalog JSON for `count` items to `path`, as `--catalog FILE` reads it, and
  /// returns its size in bytes.
  static func writeJSON(count: Int, to path: String) throws -> Int {
    let bytes = json(count: count)
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let file = FileHandle(forWritingAtPath: path)
    else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    defer { try? file.close() }
    try file.write(contentsOf: bytes)
    return bytes.count
  }

  /// The catalog JSON for `count` items, built without holding the items themselves (a million
  /// items are a few hundred megabytes of JSON).
  static func json(count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 280)
    bytes.append(contentsOf: #"{"items":["#.utf8)
    for index in 0..<count {
      let item = item(at: index)
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      // Generated text holds no quote, backslash or control character, so it needs no escaping.
      bytes.append(contentsOf: #"{"id":""#.utf8)
      bytes.append(contentsOf: item.id.utf8)
      bytes.append(contentsOf: #"","title":""#.utf8)
      bytes.append(contentsOf: item.title.utf8)
      bytes.append(contentsOf: #"","subtitle":""#.utf8)
      bytes.append(contentsOf: item.subtitle.utf8)
      bytes.append(contentsOf: #"","category":""#.utf8)
      bytes.append(contentsOf: item.category.utf8)
      bytes.append(contentsOf: #"","description":""#.utf8)
      bytes.append(contentsOf: item.description.utf8)
      bytes.append(contentsOf: #"","featured":"#.utf8)
      bytes.append(contentsOf: (item.isFeatured ? "true" : "false").utf8)
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(contentsOf: "]}\n".utf8)
    return bytes
  }

  private static func item(at index: Int) -> FeaturedItem {
    let subject = words[index % words.count]
    let first = words[(index * 7 + 3) % words.count]
    let second = words[(index * 13 + 5) % words.count]
    return FeaturedItem(
      id: "item-\(index)",
      title: "\(subject.prefix(1).uppercased())\(subject.dropFirst()) \(index)",
      subtitle: "Practical \(first) with \(second) for everyday apps",
      category: "Group \(index % categoryCount)",
      description: "Item \(index) explains \(first) and \(second) through short examples, "
        + "then shows how \(subject) fits into a modular app.",
      isFeatured: index % 7 == 0
    )
  }

  private static let words = [
    "actors", "closures", "generics", "layout", "networking", "observation", "packages", "protocols",
    "rendering", "results", "streams", "testing", "toggles", "values", "macros", "persistence",
  ]
}
