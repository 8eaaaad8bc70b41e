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

extension CatalogLoadProgress {
  /// What a screen says of it, the same on Home, Search and Sources (and the reader on Sources):
  /// `Reading: 45% of 267 MB`, `Reading: 90 bytes`, then `Decoding: 300 of 1,000 items`.
  public var text: LocalizedText {
    switch self {
    case .reading(let bytesRead, let totalBytes?) where totalBytes > 0:
      L10n.Common.loadingRead(percent: bytesRead * 100 / totalBytes, size: Self.size(totalBytes))
    case .reading(let bytesRead, _):
      L10n.Common.loadingReadUnsized(Self.size(bytesRead))
    case .decoding(let itemsDecoded, let totalItems):
      L10n.Common.loadingDecoded(count: itemsDecoded, total: totalItems)
    }
  }

  /// `bytes` in the unit that tells it: bytes below a kilobyte (a small body read as "1 MB" is
  /// fifty thousand times off), whole kilobytes below a megabyte, whole megabytes above; a
  /// rounded size is at least 1 of its unit.
  static func size(_ bytes: Int) -> LocalizedText {
    let kilobyte = 1 << 10
    let megabyte = 1 << 20
    if bytes < kilobyte { return L10n.Common.sizeBytes(max(bytes, 0)) }
    if bytes < megabyte { return L10n.Common.sizeKilobytes(max((bytes + kilobyte / 2) / kilobyte, 1)) }
    return L10n.Common.sizeMegabytes(max((bytes + megabyte / 2) / megabyte, 1))
  }
}
