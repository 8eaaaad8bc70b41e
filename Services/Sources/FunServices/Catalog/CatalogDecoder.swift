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
/// - Anything else that is wrong (not JSON, no `items` array, an item that is not an object,
///   a field of the wrong type, an id that is not a slug or appears twice) throws
///   ``/FunModel/AppError/malformedCatalog(reason:)`` naming the item and field.
///
/// Thread-safety: a stateless value; decode from any thread.
struct CatalogDecoder: Sendable {
  /// Decodes a catalog, keeping the items in file order.
  /// - Throws: ``/FunModel/AppError/missingField(itemIndex:field:)`` or
  ///   ``/FunModel/AppError/malformedCatalog(reason:)``; nothing else.
  func decode(_ data: Data) throws(AppError) -> [FeaturedItem] {
    let items: [FeaturedItem]
    do {
      items = try JSONDecoder().decode(CatalogDocument.self, from: data).items
    } catch let error as AppError {
      throw error
    } catch DecodingError.dataCorrupted(let context) {
      throw .malformedCatalog(reason: "it is not valid JSON (\(Self.underlyingReason(context)))")
    } catch {
      throw .malformedCatalog(reason: "it could not be decoded (\(error))")
    }
    var firstIndexByID: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      if let first = firstIndexByID[item.id] {
        throw .malformedCatalog(reason: "items[\(index)] repeats the id \"\(item.id)\" of items[\(first)]")
      }
      firstIndexByID[item.id] = index
    }
    return items
  }

  private static func underlyingReason(_ context: DecodingError.Context) -> String {
    let underlying = context.underlyingError.map { error -> String in
      let nsError = error as NSError
      return nsError.userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }
    return underlying ?? context.debugDescription
  }
}

/// The top level of the catalog, decoded by hand so that every problem becomes a precise
/// ``/FunModel/AppError``.
private struct CatalogDocument: Decodable {
  let items: [FeaturedItem]

  private enum DocumentKey: String, CodingKey {
    case items
  }

  private enum ItemKey: String, CodingKey, CaseIterable {
    case id, title, subtitle, category, description, featured
  }

  init(from decoder: any Decoder) throws {
    let document: KeyedDecodingContainer<DocumentKey>
    do {
      document = try decoder.container(keyedBy: DocumentKey.self)
    } catch {
      throw AppError.malformedCatalog(reason: "expected a JSON object with an \"items\" array at the top level")
    }
    guard document.contains(.items) else {
      throw AppError.malformedCatalog(reason: "there is no \"items\" array at the top level")
    }
    var list: UnkeyedDecodingContainer
    do {
      list = try document.nestedUnkeyedContainer(forKey: .items)
    } catch {
      throw AppError.malformedCatalog(reason: "\"items\" must be an array of objects")
    }
    var items: [FeaturedItem] = []
    items.reserveCapacity(list.count ?? 0)
    while !list.isAtEnd {
      let index = list.currentIndex
      let fields: KeyedDecodingContainer<ItemKey>
      do {
        fields = try list.nestedContainer(keyedBy: ItemKey.self)
      } catch {
        throw AppError.malformedCatalog(reason: "items[\(index)] must be a JSON object")
      }
      items.append(try Self.item(at: index, from: fields))
    }
    self.items = items
  }

  private static func item(at index: Int, from fields: KeyedDecodingContainer<ItemKey>) throws -> FeaturedItem {
    func string(_ key: ItemKey) throws -> String {
      guard fields.contains(key) else {
        throw AppError.missingField(itemIndex: index, field: key.rawValue)
      }
      guard let value = try? fields.decode(String.self, forKey: key) else {
        throw AppError.malformedCatalog(reason: "items[\(index)] field \"\(key.rawValue)\" must be a string")
      }
      return value
    }
    let id = try string(.id)
    guard DeepLink.isValidID(id) else {
      throw AppError.malformedCatalog(
        reason: "items[\(index)] id \"\(id)\" must be a slug (letters, digits, '-', '_', '.'; at most 100)"
      )
    }
    let title = try string(.title)
    let subtitle = try string(.subtitle)
    let category = try string(.category)
    let description = try string(.description)
    var isFeatured = false
    if fields.contains(.featured) {
      guard let value = try? fields.decode(Bool.self, forKey: .featured) else {
        throw AppError.malformedCatalog(reason: "items[\(index)] field \"featured\" must be true or false")
      }
      isFeatured = value
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
