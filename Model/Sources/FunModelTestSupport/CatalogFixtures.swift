import Foundation
import FunModel

/// Small, hand-written catalogs for tests: three categories, four featured items.
public enum CatalogFixtures {
  /// Eight items across `Frameworks`, `Language` and `Tools`; `swiftui`, `combine`,
  /// `concurrency` and `swiftpm` are featured.
  public static let items: [FeaturedItem] = [
    item("swiftui", "SwiftUI", "Declarative user interfaces", "Frameworks", featured: true),
    item("combine", "Combine", "Values over time", "Frameworks", featured: true),
    item("swiftdata", "SwiftData", "Persistence with macros", "Frameworks", featured: false),
    item("concurrency", "Swift Concurrency", "async/await and actors", "Language", featured: true),
    item("macros", "Macros", "Code that writes code", "Language", featured: false),
    item("generics", "Generics", "Écrire une fois, typer partout", "Language", featured: false),
    item("swiftpm", "Swift Package Manager", "Build and share packages", "Tools", featured: true),
    item("instruments", "Instruments", "Measure before you optimise", "Tools", featured: false),
  ]

  /// The featured subset of ``items``, in catalog order.
  public static var featured: [FeaturedItem] {
    items.filter(\.isFeatured)
  }

  /// The item with `id`; traps in tests that name an id the fixture lacks.
  public static func item(_ id: String) -> FeaturedItem {
    guard let item = items.first(where: { $0.id == id }) else {
      preconditionFailure("CatalogFixtures has no item \(id)")
    }
    return item
  }

  /// `count` generated items (`item-0`, `item-1`, …) across `categories` categories, every
  /// seventh featured: catalogs of any size for scale tests and benchmarks.
  public static func generated(count: Int, categories: Int = 8) -> [FeaturedItem] {
    (0..<count).map { index in
      FeaturedItem(
        id: "item-\(index)",
        title: "Item \(index) \(words[index % words.count])",
        subtitle: "About \(words[(index * 7) % words.count]) and \(words[(index * 13) % words.count])",
        category: "Category \(index % max(categories, 1))",
        description: "Generated item number \(index).",
        isFeatured: index % 7 == 0
      )
    }
  }

  /// The catalog JSON for `items`, as a catalog file or server would serve it.
  public static func json(_ items: [FeaturedItem] = items) -> String {
    let rows = items.map { item in
      """
      {"id":\(quoted(item.id)),"title":\(quoted(item.title)),"subtitle":\(quoted(item.subtitle)),\
      "category":\(quoted(item.category)),"description":\(quoted(item.description)),\
      "featured":\(item.isFeatured)}
      """
    }
    return "{\"items\":[\(rows.joined(separator: ","))]}"
  }

  private static let words = [
    "actors", "closures", "generics", "layout", "networking", "observation", "packages",
    "protocols", "rendering", "results", "streams", "testing", "toggles", "values",
  ]

  private static func item(
    _ id: String,
    _ title: String,
    _ subtitle: String,
    _ category: String,
    featured: Bool
  ) -> FeaturedItem {
    FeaturedItem(
      id: id,
      title: title,
      subtitle: subtitle,
      category: category,
      description: "\(title): \(subtitle.lowercased()).",
      isFeatured: featured
    )
  }

  private static func quoted(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      default:
        if scalar.value < 0x20 {
          escaped += String(format: "\\u%04x", scalar.value)
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped + "\""
  }
}
