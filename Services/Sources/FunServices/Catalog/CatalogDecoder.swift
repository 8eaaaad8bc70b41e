import Foundation
import FunModel

/// Turns catalog JSON into ``/FunModel/FeaturedItem``s, or into an ``/FunModel/AppError`` that says exactly what is
/// wrong and where.
///
/// The format is `{"items":[{"id":…,"title":…,"subtitle":…,"category":…,"description":…,
/// "featured":true}]}`:
/// - `id`, `title`, `subtitle`, `category` and `description` are required strings; `featured`
///   is an optional boolean (absent means `false`); unknown fields anywhere are ignored.
/// - A missing required field throws ``/FunModel/AppError/missingField(itemIndex:field:)`` with the
///   item's 0-based index in the array.
/// - Each text field has a bound in UTF-8 bytes (``maximumLineFieldBytes`` for `title`,
///   `subtitle` and `category`, ``maximumDescriptionBytes`` for `description`): far above any
///   real item, it keeps a field of megabytes, which no one could read, from costing every
///   screen that shows it.
/// - Anything else that is wrong (not JSON, no `items` array, an item that is not an object,
///   a field of the wrong type, not valid text or over its bound, an id that is not a slug or appears twice) throws
///   ``/FunModel/AppError/malformedCatalog(reason:)`` naming the item and field.
/// - A body of more values than ``maximumValues(forBytes:)`` is refused before it is parsed:
///   the parser's map costs some 50 bytes a value, ignored ones included, so a body of tiny
///   values would cost some 30 times its size; real items, mostly text, are far fewer.
///
/// Thread-safety: a stateless value; decode from any thread.
struct CatalogDecoder: Sendable {
  /// The most UTF-8 bytes a `title`, `subtitle` or `category` may have: a line of a screen,
  /// with room for a thousand characters of any script.
  static let maximumLineFieldBytes = 4_096
  /// The most UTF-8 bytes a `description` may have: a long article, some fifty times the
  /// twenty paragraphs of a thousand characters a person can write into one of their own items.
  static let maximumDescriptionBytes = 1_048_576

  /// The fewest bytes a value takes, on average over a body: the densest real catalog (short
  /// ids, one-letter fields) has one value for every 12 bytes, a typical one one for every 35.
  static let bytesPerValueAtLeast = 8
  /// The values any body may hold, however short: a few megabytes of parser map at most.
  static let valuesAlwaysAllowed = 100_000

  /// The most values a body of `byteCount` bytes may hold: what keeps the parser's peak for
  /// any body near the densest real catalog's of the same size.
  static func maximumValues(forBytes byteCount: Int) -> Int {
    max(byteCount / bytesPerValueAtLeast, valuesAlwaysAllowed)
  }

  /// How a cancelled decode names what it was loading.
  var sourceName = "the catalog"

  /// The fewest items decoded between two progress reports. Each report crosses to the main
  /// actor, and 5,000 items take longer to decode than a frame shows, so a small catalog
  /// reports a few times rather than a hundred: it buys load time (fun-bench's load ratios).
  var itemsPerReportAtLeast = 5_000

  /// Decodes a catalog, keeping the items in file order.
  /// - Parameter progress: told how many items are decoded, about every hundredth of them but
  ///   no more often than every ``itemsPerReportAtLeast``; between two reports the decode stops
  ///   early if its task has been cancelled.
  /// - Throws: ``/FunModel/AppError/missingField(itemIndex:field:)`` or
  ///   ``/FunModel/AppError/malformedCatalog(reason:)``; ``/FunModel/AppError/network(url:reason:)``
  ///   when cancelled; nothing else.
  func decode(_ data: Data, progress: (@Sendable (CatalogLoadProgress) -> Void)? = nil) throws(AppError)
    -> [FeaturedItem]
  {
    let maximumValues = Self.maximumValues(forBytes: data.count)
    guard JSONValueCount.of(data, stoppingPast: maximumValues) <= maximumValues else {
      throw .malformedCatalog(reason: L10n.Reason.tooManyValues(values: maximumValues, bytes: data.count))
    }
    let items: [FeaturedItem]
    do {
      let configuration = CatalogDocument.Progress(report: progress, itemsPerReportAtLeast: itemsPerReportAtLeast)
      items = try JSONDecoder().decode(CatalogDocument.self, from: data, configuration: configuration).items
    } catch let error as AppError {
      throw error
    } catch is CancellationError {
      throw .network(url: sourceName, reason: L10n.Reason.loadCancelled)
    } catch DecodingError.dataCorrupted(let context) {
      let position = JSONSyntaxPosition(of: data)
      if let position, position.isTooDeep { throw .malformedCatalog(reason: position.text) }
      throw .malformedCatalog(
        reason: L10n.Reason.notValidJSON(position.map(\.text) ?? .verbatim(context.debugDescription)))
    } catch {
      throw .malformedCatalog(reason: L10n.Reason.notDecodable(String(describing: error)))
    }
    // Checked once the decoder has let go of its map of the JSON, so the set of ids never
    // adds to the decoder's peak memory; sized once, since growing it cost a tenth of a load at
    // a million items. The first position of a repeated id is looked for only for its error.
    var ids = Set<String>(minimumCapacity: items.count)
    for (index, item) in items.enumerated() where !ids.insert(item.id).inserted {
      let first = items.firstIndex { $0.id == item.id } ?? index
      throw .malformedCatalog(reason: L10n.Reason.repeatedID(index: String(index), id: item.id, first: String(first)))
    }
    return items
  }
}

/// The top level of the catalog, decoded by hand so that every problem becomes a precise
/// ``/FunModel/AppError``.
private struct CatalogDocument: DecodableWithConfiguration {
  /// Whom to tell how far the decoding has come, if anyone.
  struct Progress {
    let report: (@Sendable (CatalogLoadProgress) -> Void)?
    let itemsPerReportAtLeast: Int
  }

  let items: [FeaturedItem]

  private enum DocumentKey: String, CodingKey {
    case items
  }

  private enum ItemKey: String, CodingKey, CaseIterable {
    case id, title, subtitle, category, description, featured
  }

  init(from decoder: any Decoder, configuration progress: Progress) throws {
    let document: KeyedDecodingContainer<DocumentKey>
    do {
      document = try decoder.container(keyedBy: DocumentKey.self)
    } catch {
      throw AppError.malformedCatalog(reason: L10n.Reason.noTopLevelObject)
    }
    guard document.contains(.items) else {
      throw AppError.malformedCatalog(reason: L10n.Reason.noItemsArray)
    }
    var list: UnkeyedDecodingContainer
    do {
      list = try document.nestedUnkeyedContainer(forKey: .items)
    } catch {
      throw AppError.malformedCatalog(reason: L10n.Reason.itemsNotArray)
    }
    let total = list.count ?? 0
    let reportEvery = max(total / 100, progress.itemsPerReportAtLeast, 1)
    var items: [FeaturedItem] = []
    items.reserveCapacity(total)
    while !list.isAtEnd {
      let index = list.currentIndex
      let fields: KeyedDecodingContainer<ItemKey>
      do {
        fields = try list.nestedContainer(keyedBy: ItemKey.self)
      } catch {
        throw AppError.malformedCatalog(reason: L10n.Reason.itemNotObject(String(index)))
      }
      items.append(try Self.item(at: index, from: fields))
      if let report = progress.report, items.count % reportEvery == 0 {
        try Task.checkCancellation()
        report(.decoding(itemsDecoded: items.count, totalItems: total))
      }
    }
    self.items = items
  }

  private static func item(at index: Int, from fields: KeyedDecodingContainer<ItemKey>) throws -> FeaturedItem {
    // One lookup per field: `decode` says whether the key is missing (`keyNotFound`), holds
    // something other than a string (`typeMismatch`, or `valueNotFound` for null) or a string
    // that is not valid text (any other error), so no `contains` is asked first.
    func string(_ key: ItemKey) throws -> String {
      do {
        return try fields.decode(String.self, forKey: key)
      } catch DecodingError.keyNotFound {
        throw AppError.missingField(itemIndex: index, field: key.rawValue)
      } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
        throw AppError.malformedCatalog(reason: L10n.Reason.fieldNotString(index: String(index), field: key.rawValue))
      } catch {
        // A string whose escapes make no character (a lone `\ud800`): Foundation reports it from
        // here with an error type of its own, and as `dataCorrupted` once it reaches the top.
        throw AppError.malformedCatalog(reason: L10n.Reason.fieldNotText(index: String(index), field: key.rawValue))
      }
    }
    let id = try string(.id)
    guard DeepLink.isValidID(id) else {
      throw AppError.malformedCatalog(reason: L10n.Reason.idNotSlug(index: String(index), id: id))
    }
    // Over its bound, the item is refused like any other malformed one: cut short, a field
    // would show as whole what is not.
    func bounded(_ key: ItemKey, limit: Int) throws -> String {
      let text = try string(key)
      guard text.utf8.count <= limit else {
        throw AppError.malformedCatalog(
          reason: L10n.Reason.fieldTooLong(
            index: String(index), field: key.rawValue, bytes: String(text.utf8.count), limit: String(limit)))
      }
      return text
    }
    let title = try bounded(.title, limit: CatalogDecoder.maximumLineFieldBytes)
    let subtitle = try bounded(.subtitle, limit: CatalogDecoder.maximumLineFieldBytes)
    let category = try bounded(.category, limit: CatalogDecoder.maximumLineFieldBytes)
    let description = try bounded(.description, limit: CatalogDecoder.maximumDescriptionBytes)
    let isFeatured: Bool
    do {
      isFeatured = try fields.decode(Bool.self, forKey: .featured)
    } catch DecodingError.keyNotFound {
      isFeatured = false
    } catch {
      throw AppError.malformedCatalog(reason: L10n.Reason.featuredNotBoolean(String(index)))
    }
    return FeaturedItem(
      id: id,
      title: title,
      subtitle: subtitle,
      category: category,
      description: description,
      isFeatured: isFeatured
    )
  }
}
