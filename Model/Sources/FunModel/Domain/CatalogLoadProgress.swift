/// How far a catalog load has come, for a screen to show while a large catalog loads.
///
/// A load reads first and decodes afterwards, so a load's progress goes through the reading
/// steps, then the decoding steps, each count growing and never passing its total.
public enum CatalogLoadProgress: Hashable, Sendable {
  /// `bytesRead` bytes of the file or body have been read, of `totalBytes` when the size is
  /// known beforehand (a regular file, an http body with a length).
  case reading(bytesRead: Int, totalBytes: Int?)
  /// `itemsDecoded` of the catalog's `totalItems` items have been decoded and checked.
  case decoding(itemsDecoded: Int, totalItems: Int)
}
