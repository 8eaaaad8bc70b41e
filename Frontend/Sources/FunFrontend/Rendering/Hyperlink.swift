/// The address of an OSC 8 hyperlink, made safe to send to a terminal.
///
/// A link's address goes to the terminal inside an escape sequence, so it must not carry
/// anything that ends or breaks that sequence: every byte outside printable ASCII (controls,
/// spaces, `ESC`, `BEL`, non-ASCII) is percent-encoded, which keeps a URL's meaning. An empty
/// address, or one longer than terminals keep (2,048 bytes, as VTE), is no link at all.
enum Hyperlink {
  /// The longest address sent.
  static let maximumLength = 2048

  /// `url` made safe for an OSC 8 sequence, or `nil` when it cannot be a link.
  static func sanitized(_ url: String) -> String? {
    var bytes: [UInt8] = []
    for byte in url.utf8 {
      if (0x21...0x7E).contains(byte) {
        bytes.append(byte)
      } else {
        bytes.append(contentsOf: Array("%\(hexDigits[Int(byte >> 4)])\(hexDigits[Int(byte & 0x0F)])".utf8))
      }
    }
    guard !bytes.isEmpty, bytes.count <= maximumLength else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes that start a link to `address` (sanitised), or end one when it is `nil`.
  static func sequence(to address: String?) -> [UInt8] {
    Array("\u{1B}]8;;\(address ?? "")\u{1B}\\".utf8)
  }

  private static let hexDigits = Array("0123456789ABCDEF")
}
