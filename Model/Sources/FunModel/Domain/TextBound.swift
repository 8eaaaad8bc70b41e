/// The bound in UTF-8 bytes that goes with every bound in characters on what a person types:
/// one character may carry any number of combining marks or variation selectors, and a short
/// text of huge characters is as slow to draw, and as large to save, as a long one.
public enum TextBound {
  /// The most UTF-8 bytes a character takes on average; far above any script's real text.
  public static let bytesPerCharacter = 16

  /// Whether `text` has at most `limit` characters and at most the bytes they allow. The bytes
  /// are counted first: that costs nothing, and a text over them is never walked character by
  /// character.
  static func fits(_ text: String, characters limit: Int) -> Bool {
    text.utf8.count <= limit * bytesPerCharacter && text.count <= limit
  }
}
