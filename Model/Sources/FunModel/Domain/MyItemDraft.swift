import Foundation

/// An item of your own as the form holds it while you write it: every field as typed, checked
/// by one rule that the form, the services and the loading of a saved file all use.
///
/// The rule, field by field (why these limits: docs/Decisions.md):
/// - ``Field/id``: a slug, as catalog ids are (letters, digits, `-`, `_`, `.`), at most 40
///   characters, used by no other item of yours and not by the catalog;
/// - ``Field/title``: not empty, at most 60 characters;
/// - ``Field/subtitle``: may be empty, at most 120 characters;
/// - ``Field/category``: not empty (one of the catalog's or a new one), at most 30 characters;
/// - ``Field/description``: paragraphs, each at most ``paragraphLimit`` characters, at most
///   ``paragraphCountLimit`` of them; may be empty.
///
/// Text is trimmed of surrounding whitespace and must hold no control characters (a paragraph
/// break is the one line break an item has, and it is the form's, not the text's). A field's
/// bound in characters is one in UTF-8 bytes too (`TextBound`), said as the same "too long":
/// a character may carry any number of combining marks, and your items join the catalog's
/// lists, whose fields are bounded in bytes.
public struct MyItemDraft: Hashable, Sendable {
  /// A field of the form, in the order the form shows them.
  public enum Field: CaseIterable, Hashable, Sendable {
    case id, title, subtitle, category, description
  }

  /// The longest id: shorter than the catalog's 100, so it fits a row and a link.
  static let idLimit = 40
  /// The longest title: what a list row shows beside the subtitle.
  static let titleLimit = 60
  /// The longest subtitle: one line of Detail at 80 columns, with room.
  static let subtitleLimit = 120
  /// The longest category name.
  static let categoryLimit = 30
  /// The longest paragraph of the description.
  public static let paragraphLimit = 1_000
  /// The most paragraphs a description has.
  public static let paragraphCountLimit = 20

  /// The id (slug) as typed.
  public var id: String
  /// The title as typed.
  public var title: String
  /// The subtitle as typed.
  public var subtitle: String
  /// The category as typed or chosen.
  public var category: String
  /// The description's paragraphs as typed; blank ones are dropped when saving.
  public var paragraphs: [String]

  /// A draft of these fields.
  public init(
    id: String = "", title: String = "", subtitle: String = "", category: String = "", paragraphs: [String] = []
  ) {
    self.id = id
    self.title = title
    self.subtitle = subtitle
    self.category = category
    self.paragraphs = paragraphs
  }

  /// The draft that edits `item`: its description split at its blank lines into paragraphs.
  public init(editing item: FeaturedItem) {
    self.init(
      id: item.id, title: item.title, subtitle: item.subtitle, category: item.category,
      paragraphs: Self.paragraphs(of: item.description))
  }

  /// The paragraphs of a description: the text between blank lines, trimmed, none empty.
  static func paragraphs(of description: String) -> [String] {
    description.components(separatedBy: "\n\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { !$0.isEmpty }
  }

  /// Why each field is refused, for the fields that are; empty when the draft can be saved.
  /// - Parameter isTaken: says, for a trimmed valid id, whether another item already uses it
  ///   and whose it is; the form asks your items and the catalog, a service its file.
  func problems(isTaken: (String) -> MyItemIDOwner?) -> [Field: LocalizedText] {
    var problems: [Field: LocalizedText] = [:]
    for field in Field.allCases {
      if let problem = problem(of: field, isTaken: isTaken) {
        problems[field] = problem
      }
    }
    return problems
  }

  /// Why `field` is refused, or `nil` when it may be saved (see `problems(isTaken:)`).
  public func problem(of field: Field, isTaken: (String) -> MyItemIDOwner?) -> LocalizedText? {
    switch field {
    case .id:
      let id = Self.trimmed(self.id)
      if id.isEmpty { return L10n.MyItems.idEmpty }
      if !TextBound.fits(id, characters: Self.idLimit) { return L10n.MyItems.idTooLong(Self.idLimit) }
      if !DeepLink.isValidID(id) { return L10n.MyItems.idNotSlug }
      switch isTaken(id) {
      case .mine(let taken): return L10n.MyItems.idUsedByYours(taken)
      case .catalog(let taken): return L10n.MyItems.idUsedByCatalog(taken)
      case nil: return nil
      }
    case .title:
      let title = Self.trimmed(self.title)
      if title.isEmpty { return L10n.MyItems.titleEmpty }
      return Self.lineProblem(title, limit: Self.titleLimit, tooLong: L10n.MyItems.titleTooLong)
    case .subtitle:
      return Self.lineProblem(Self.trimmed(subtitle), limit: Self.subtitleLimit, tooLong: L10n.MyItems.subtitleTooLong)
    case .category:
      let category = Self.trimmed(self.category)
      if category.isEmpty { return L10n.MyItems.categoryEmpty }
      return Self.lineProblem(category, limit: Self.categoryLimit, tooLong: L10n.MyItems.categoryTooLong)
    case .description:
      let paragraphs = keptParagraphs
      if paragraphs.count > Self.paragraphCountLimit {
        return L10n.MyItems.tooManyParagraphs(Self.paragraphCountLimit)
      }
      for paragraph in paragraphs {
        if let problem = Self.lineProblem(paragraph, limit: Self.paragraphLimit, tooLong: L10n.MyItems.paragraphTooLong)
        {
          return problem
        }
      }
      return nil
    }
  }

  /// The item this draft saves as: trimmed, blank paragraphs dropped, never featured.
  /// - Throws: ``AppError/invalidMyItem(reason:)`` with the first field's reason.
  public func item(isTaken: (String) -> MyItemIDOwner?) throws(AppError) -> FeaturedItem {
    for field in Field.allCases {
      if let problem = problem(of: field, isTaken: isTaken) {
        throw .invalidMyItem(reason: problem)
      }
    }
    return FeaturedItem(
      id: Self.trimmed(id), title: Self.trimmed(title), subtitle: Self.trimmed(subtitle),
      category: Self.trimmed(category), description: keptParagraphs.joined(separator: "\n\n"), isFeatured: false)
  }

  private var keptParagraphs: [String] {
    paragraphs.map(Self.trimmed).filter { !$0.isEmpty }
  }

  /// Whether a new id of yours is the same as `other`: equal but for letter case. Links keep
  /// case (`DeepLink`), yet `SwiftUI` beside the catalog's `swiftui` reads as one item to a
  /// person, as profile names do; so a new id may not differ from a used one only in case.
  static func sameID(_ id: String, _ other: String) -> Bool {
    id.utf8.count == other.utf8.count && id.lowercased() == other.lowercased()
  }

  private static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func lineProblem(_ text: String, limit: Int, tooLong: (Int) -> LocalizedText) -> LocalizedText? {
    if !TextBound.fits(text, characters: limit) { return tooLong(limit) }
    if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return L10n.MyItems.controlCharacters
    }
    return nil
  }
}

extension MyItemDraft {
  /// The item `self` saves as among `items` (oldest first), in place of `original`, the item
  /// as it was when its form opened (`nil` for a new item): the new list, the shared rule of
  /// every ``MyItemsService``.
  ///
  /// An edit replaces only what it started from: if `items` hold `original` changed or not at
  /// all (another Fun on the profile changed or deleted it meanwhile), the edit is refused
  /// rather than overwrite that change unseen or bring a deleted item back. The form then
  /// starts from what is saved, so saving again replaces it deliberately.
  /// - Throws: ``AppError/invalidMyItem(reason:)``: `original` was changed or deleted, the
  ///   draft breaks the rule, or its id is another of `items`' ids.
  public func saving(into items: [FeaturedItem], replacing original: FeaturedItem?) throws(AppError) -> [FeaturedItem] {
    let position = original.flatMap { original in items.firstIndex { $0.id == original.id } }
    if let original {
      guard let position else { throw .invalidMyItem(reason: L10n.MyItems.deletedElsewhere(original.title)) }
      guard items[position] == original else {
        throw .invalidMyItem(reason: L10n.MyItems.changedElsewhere(original.title))
      }
    }
    let item = try item { id in
      items.first { $0.id != original?.id && Self.sameID($0.id, id) }.map { .mine($0.id) }
    }
    var updated = items
    if let position {
      updated[position] = item
    } else {
      updated.append(item)
    }
    return updated
  }
}

/// Whose item already uses an id, or the same id in other letter case, and that item's id as
/// it is spelled: one of yours, or the catalog's.
public enum MyItemIDOwner: Hashable, Sendable {
  /// Another of your items, with its id.
  case mine(String)
  /// An item of the loaded catalog, with its id.
  case catalog(String)
}
