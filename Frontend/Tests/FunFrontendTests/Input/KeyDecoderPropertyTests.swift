import FunModelTestSupport
import Testing

@testable import FunFrontend

/// Property tests of the key decoder, 10 000 streams each. Replay a failure with
/// `FUN_PROPERTY_SEED=<seed> swift test --filter KeyDecoderPropertyTests`.
@Suite("KeyDecoder properties")
struct KeyDecoderPropertyTests {
  /// Feeds `bytes` in pieces cut at `cuts`, then flushes, as the input loop does at end of input.
  private func decode(_ bytes: [UInt8], cutAt cuts: [Int]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    var start = 0
    for cut in cuts + [bytes.count] {
      keys += decoder.feed(Array(bytes[start..<cut]))
      start = cut
    }
    keys += decoder.flushPending()
    return decoder.hasPending ? keys + [.unknown(Array("still pending".utf8))] : keys
  }

  @Test("Any bytes, split into reads at any points, decode exactly as when read at once, with nothing left pending")
  func splitsDoNotMatter() {
    Property(seed: 0x4E7_0001).check { generator in
      let bytes = generator.terminalBytes()
      let whole = decode(bytes, cutAt: [])
      let cuts = generator.cuts(in: bytes.count)
      let split = decode(bytes, cutAt: cuts)
      try Property.ensure(split == whole, "\(bytes) cut at \(cuts) gave \(split), whole gave \(whole)")
      for key in whole {
        switch key {
        case .unknown(let unknown):
          try Property.ensure(!unknown.isEmpty, "\(bytes) gave an empty unknown key")
        case .char(let character):
          let scalars = character.unicodeScalars
          try Property.ensure(
            scalars.count == 1 && scalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) },
            "\(bytes) gave the non-printable char \(character.unicodeScalars.map(\.value))"
          )
        default:
          break
        }
      }
    }
  }

  @Test("Keys, text, unknown sequences and invalid UTF-8 mixed in one stream all come out, in order, however split")
  func nothingIsLost() {
    Property(seed: 0x4E7_0002).check { generator in
      var bytes: [UInt8] = []
      var expected: [Key] = []
      var forbidsNext: (UInt8) -> Bool = { _ in false }
      for _ in 0..<Int.random(in: 0...24, using: &generator) {
        var token = generator.keyToken()
        while let first = token.bytes.first, forbidsNext(first) {
          token = generator.keyToken()
        }
        bytes += token.bytes
        expected += token.keys
        forbidsNext = token.forbidsNext
      }
      let cuts = generator.cuts(in: bytes.count)
      let keys = decode(bytes, cutAt: cuts)
      try Property.ensure(keys == expected, "\(bytes) cut at \(cuts) gave \(keys), expected \(expected)")
    }
  }
}

/// Bytes that decode to known keys when they stand between other tokens.
private struct KeyToken {
  let bytes: [UInt8]
  let keys: [Key]
  /// Whether a byte may not start the next token: a lone ESC followed by a printable byte would
  /// begin a sequence or an Alt key, a cut-short UTF-8 character followed by a continuation
  /// byte would go on.
  var forbidsNext: (UInt8) -> Bool = { _ in false }
}

extension SplitMix64 {
  /// Up to 5 sorted cut points in 0...count.
  fileprivate mutating func cuts(in count: Int) -> [Int] {
    (0..<Int.random(in: 0...5, using: &self)).map { _ in Int.random(in: 0...count, using: &self) }.sorted()
  }

  /// Up to 64 bytes, weighted towards those that start or continue sequences.
  fileprivate mutating func terminalBytes() -> [UInt8] {
    let interesting: [UInt8] =
      Array("\u{1B}\u{1B}\u{1B}[[O;~0123456789ABCDHFPZMa <?".utf8) + [0x7F, 0x9B, 0xC3, 0xE4, 0xF0]
    return (0..<Int.random(in: 0...64, using: &self)).map { _ in
      switch Int.random(in: 0..<4, using: &self) {
      case 0: UInt8.random(in: 0...255, using: &self)
      case 1: UInt8.random(in: 0x80...0xBF, using: &self)
      default: interesting.randomElement(using: &self) ?? 0x1B
      }
    }
  }

  fileprivate static let sequences: [(String, Key)] = [
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left), ("\u{1B}OA", .up),
    ("\u{1B}OD", .left), ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left), ("\u{1B}[Z", .backTab), ("\u{1B}[H", .home),
    ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
    ("\u{1B}[4~", .end), ("\u{1B}[3~", .delete), ("\u{1B}[2~", .insert), ("\u{1B}[5~", .pageUp),
    ("\u{1B}[6~", .pageDown),
    ("\u{1B}[5;5~", .pageUp), ("\u{1B}OP", .function(1)), ("\u{1B}[S", .function(4)), ("\u{1B}[15~", .function(5)),
    ("\u{1B}[21~", .function(10)), ("\u{1B}[24~", .function(12)), ("\u{1B}OM", .enter),
    ("\u{1B}[<0;12;5M", .mouse(MouseEvent(.click, at: Point(column: 11, row: 4)))),
    ("\u{1B}[<65;1;2M", .mouse(MouseEvent(.wheelDown, at: Point(column: 0, row: 1)))),
    ("\u{1B}[I", .focus(gained: true)), ("\u{1B}[O", .focus(gained: false)),
  ]

  fileprivate static let unknownSequences = [
    "\u{1B}[201~", "\u{1B}[?1;2c", "\u{1B}[1I", "\u{1B}[99~", "\u{1B}[1;2;3;4;5;6;7x",
  ]

  fileprivate mutating func keyToken() -> KeyToken {
    switch Int.random(in: 0..<10, using: &self) {
    case 0, 1:
      let byte = UInt8.random(in: 0x20...0x7E, using: &self)
      return KeyToken(bytes: [byte], keys: [.char(Character(Unicode.Scalar(byte)))])
    case 2:
      let scalar = printableNonASCIIScalar()
      return KeyToken(bytes: Array(String(scalar).utf8), keys: [.char(Character(scalar))])
    case 3:
      let (text, key) = Self.sequences.randomElement(using: &self) ?? ("\u{1B}[A", .up)
      return KeyToken(bytes: Array(text.utf8), keys: [key])
    case 4 where Int.random(in: 0..<4, using: &self) == 0:
      // A bracketed paste of a few tokens' bytes: escapes and controls inside are text.
      var text: [UInt8] = []
      for _ in 0..<Int.random(in: 0...3, using: &self) {
        text +=
          Int.random(in: 0..<3, using: &self) == 0
          ? controlToken().bytes : Array(String(printableNonASCIIScalar()).utf8)
      }
      let bytes = Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8)
      return KeyToken(bytes: bytes, keys: [.paste(String(decoding: text, as: UTF8.self))])
    case 4:
      let bytes = Array((Self.unknownSequences.randomElement(using: &self) ?? "\u{1B}[1I").utf8)
      return KeyToken(bytes: bytes, keys: [.unknown(bytes)])
    case 5:
      return controlToken()
    case 6:
      // A lone Escape: the next byte must not make it the start of a sequence or an Alt key
      // (Alt-Backspace included).
      return KeyToken(bytes: [0x1B], keys: [.escape]) { (0x20...0x7E).contains($0) || $0 == 0x7F || $0 == 0x08 }
    case 7 where Bool.random(using: &self):
      var byte = UInt8.random(in: 0x20...0x7E, using: &self)
      // `[` and `O` start sequences; `P`, `]`, `_`, `^` and `X` start control strings when more follows.
      if "[OP]_^X".utf8.contains(byte) { byte = UInt8(ascii: "x") }
      return KeyToken(bytes: [0x1B, byte], keys: [.alt(Character(Unicode.Scalar(byte)))])
    case 7:
      let c1: [UInt8] = [0xC2, UInt8.random(in: 0x80...0x9F, using: &self)]
      return KeyToken(bytes: c1, keys: [.unknown(c1)])
    default:
      return invalidUTF8Token()
    }
  }

  private mutating func printableNonASCIIScalar() -> Unicode.Scalar {
    while true {
      let value =
        Bool.random(using: &self)
        ? UInt32.random(in: 0xA0...0x2FFF, using: &self) : UInt32.random(in: 0xA0...0x10_FFFF, using: &self)
      if let scalar = Unicode.Scalar(value) { return scalar }
    }
  }

  private mutating func controlToken() -> KeyToken {
    // Any C0 control but ESC, which has tokens of its own.
    var byte = UInt8.random(in: 0x00...0x1E, using: &self)
    if byte >= 0x1B { byte += 1 }
    let key: Key
    switch byte {
    case 0x0D, 0x0A: key = .enter
    case 0x08: key = .backspace
    case 0x09: key = .tab
    case 0x03: key = .ctrlC
    case 0x01...0x1A: key = .ctrl(Character(Unicode.Scalar(byte + 0x60)))
    default: key = .unknown([byte])
    }
    return KeyToken(bytes: [byte], keys: [key])
  }

  /// A byte that can never start UTF-8, a stray continuation byte, an overlong or surrogate
  /// lead, or a character cut short.
  private mutating func invalidUTF8Token() -> KeyToken {
    switch Int.random(in: 0..<4, using: &self) {
    case 0:
      let bytes: [UInt8] = [0xC0, 0xC1, 0xF5, 0xF8, 0xFE, 0xFF]
      let byte = bytes.randomElement(using: &self) ?? 0xFF
      return KeyToken(bytes: [byte], keys: [.unknown([byte])])
    case 1:
      let byte = UInt8.random(in: 0x80...0xBF, using: &self)
      return KeyToken(bytes: [byte], keys: [.unknown([byte])])
    default:
      let complete = Array(String(printableNonASCIIScalar()).utf8)
      guard complete.count > 1 else { return invalidUTF8Token() }
      let cut = Array(complete.prefix(Int.random(in: 1..<complete.count, using: &self)))
      return KeyToken(bytes: cut, keys: [.unknown(cut)]) { (0x80...0xBF).contains($0) }
    }
  }
}
