import FunModelTestSupport

/// Random text as a hostile catalog or deep link could carry it: escape sequences and their
/// fragments, C0 and C1 controls, bidi and invisible format characters, and text of every
/// width — CJK, emoji, ZWJ sequences, flags, combining marks, Hangul jamo, prepended marks.
enum UntrustedText {
  /// Scalars a terminal acts on instead of showing: C0, DEL, C1 and the bidi controls.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Pieces that a terminal shows as they are.
  static let visiblePieces = [
    "a", "Z", "7", " ", "~", "swift", "é", "e\u{301}", "a\u{308}\u{301}", "ß", "…", "★", "中", "文字", "한", "ア", "Ａ",
    "\u{1100}\u{1161}\u{11A8}", "\u{1100}", "\u{1161}", "\u{20000}", "😀", "🚀", "👍🏽", "👨\u{200D}👩\u{200D}👧",
    "🏳️\u{200D}🌈", "🇫🇷", "🇯🇵", "🇫", "❤\u{FE0F}", "☺", "☺\u{FE0E}", "1\u{FE0F}\u{20E3}", "\u{301}", "\u{200D}", "\u{200C}",
    "\u{FE0F}", "\u{600}", "\u{600}1", "ก\u{E31}", "🧑\u{200D}💻", "\u{1F1E6}\u{1F1E6}\u{1F1E6}", "x\u{20DD}", "क\u{93E}",
    "\u{93E}", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
  ]

  /// Pieces that control the terminal, or would if sanitising missed them.
  static let controlPieces = [
    "\u{1B}", "\u{1B}[", "\u{1B}[2J", "\u{1B}[1;31m", "\u{1B}]", "\u{1B}]0;title\u{07}", "\u{1B}P", "\u{1B}\\",
    "\u{1B}c",
    "\u{1B}(0", "\u{1B}_", "\u{9B}", "\u{9B}2J", "\u{9D}", "\u{9C}", "\u{90}", "\u{07}", "\u{0}", "\u{7F}", "\u{85}",
    "\u{8D}",
    "\n", "\r", "\r\n", "\t", "\u{0B}", "\u{0C}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2067}", "\u{200F}",
    "\u{061C}",
    "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "[", "]", ";", "m", "0", "?",
    "\u{E0068}\u{E0069}", "\u{E007F}", "\u{1F3F4}\u{E0067}", "\u{E0001}",
  ]
}

extension SplitMix64 {
  /// Up to `maximumPieces` pieces of untrusted text, with any Unicode scalar now and then.
  mutating func untrustedText(maximumPieces: Int = 16) -> String {
    (0..<Int.random(in: 0...maximumPieces, using: &self)).map { _ in
      switch Int.random(in: 0..<8, using: &self) {
      case 0: String(anyScalar())
      case 1, 2, 3: UntrustedText.controlPieces.randomElement(using: &self) ?? ""
      default: UntrustedText.visiblePieces.randomElement(using: &self) ?? ""
      }
    }.joined()
  }

  /// Up to `maximumPieces` pieces a terminal shows as they are.
  mutating func visibleText(maximumPieces: Int = 16) -> String {
    (0..<Int.random(in: 0...maximumPieces, using: &self)).map { _ in
      UntrustedText.visiblePieces.randomElement(using: &self) ?? ""
    }.joined()
  }

  mutating func anyScalar() -> Unicode.Scalar {
    while true {
      if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10_FFFF, using: &self)) { return scalar }
    }
  }
}
