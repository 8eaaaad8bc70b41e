/// One entry of the catalog: a Swift technology, framework or idea that Fun showcases.
///
/// `id` is a slug (`swiftui`, `swift-concurrency`) that deep links and favorites refer to.
public struct FeaturedItem: Identifiable, Hashable, Sendable, Codable {
  /// The slug that identifies the item in links, favorites and scripts.
  public let id: String
  /// The display name.
  public let title: String
  /// A one-line summary.
  public let subtitle: String
  /// The category the Search tab filters by.
  public let category: String
  /// A paragraph about the item, shown on Detail.
  public let description: String
  /// Whether the item appears in Home's featured carousel.
  public let isFeatured: Bool

  /// Creates an item.
  public init(
    id: String,
    title: String,
    subtitle: String,
    category: String,
    description: String,
    isFeatured: Bool
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.category = category
    self.description = description
    self.isFeatured = isFeatured
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, subtitle, category, description
    case isFeatured = "featured"
  }
}
