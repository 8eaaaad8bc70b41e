import Testing

@testable import FunFrontend

@Suite("KeyDecoder")
struct KeyDecoderTests {
  private func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.feed(bytes) + decoder.flushPending()
  }

  private static func bytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
  }

  @Test(
    "decodes each key from the bytes terminals send",
    arguments: [
      (bytes("a"), [Key.char("a")]), (bytes(" "), [.char(" ")]), (bytes("é"), [.char("é")]),
      (bytes("中"), [.char("中")]), (bytes("😀"), [.char("😀")]),
      (bytes("\u{1B}[A"), [.up]), (bytes("\u{1B}[B"), [.down]), (bytes("\u{1B}[C"), [.right]),
      (bytes("\u{1B}[D"), [.left]), (bytes("\u{1B}OA"), [.up]), (bytes("\u{1B}OD"), [.left]),
      (bytes("\u{1B}[1;5A"), [.up]), (bytes("\u{1B}[1;2D"), [.left]), (bytes("\u{1B}[Z"), [.backTab]),
      (bytes("\u{1B}[H"), [.home]), (bytes("\u{1B}[F"), [.end]), (bytes("\u{1B}OH"), [.home]),
      (bytes("\u{1B}[1~"), [.home]), (bytes("\u{1B}[4~"), [.end]), (bytes("\u{1B}[3~"), [.delete]),
      (bytes("\u{1B}[2~"), [.insert]), (bytes("\u{1B}[5~"), [.pageUp]), (bytes("\u{1B}[6~"), [.pageDown]),
      (bytes("\u{1B}[5;5~"), [.pageUp]), (bytes("\u{1B}OP"), [.function(1)]), (bytes("\u{1B}[15~"), [.function(5)]),
      (bytes("\u{1B}[24~"), [.function(12)]), (bytes("\u{1B}OM"), [.enter]),
      (bytes("\u{1B}[I"), [.focus(gained: true)]), (bytes("\u{1B}[O"), [.focus(gained: false)]),
      (bytes("\u{1B}[1I"), [.unknown(bytes("\u{1B}[1I"))]),
      ([13], [.enter]), ([10], [.enter]), ([127], [.backspace]), ([8], [.backspace]), ([9], [.tab]),
      ([3], [.ctrlC]), ([4], [.ctrl("d")]), ([12], [.ctrl("l")]), ([0], [.unknown([0])]),
      (bytes("\u{1B}[200~"), [.paste("")]), (bytes("\u{1B}[201~"), [.unknown(bytes("\u{1B}[201~"))]),
      (bytes("\u{1B}[<0;1;1M"), [.mouse(MouseEvent(.click, at: Point(column: 0, row: 0)))]),
      (bytes("\u{1B}x"), [.alt("x")]), (bytes("\u{1B}q"), [.alt("q")]), (bytes("\u{1B} "), [.alt(" ")]),
      (bytes("\u{1B}b"), [.alt("b")]), (bytes("\u{1B}f"), [.alt("f")]), (bytes("\u{1B}d"), [.alt("d")]),
      ([0x1B, 0x7F], [.alt("\u{7F}")]), ([0x1B, 0x08], [.alt("\u{7F}")]),
      ([1], [.ctrl("a")]), ([5], [.ctrl("e")]), ([21], [.ctrl("u")]), ([11], [.ctrl("k")]), ([23], [.ctrl("w")]),
      ([2], [.ctrl("b")]), ([6], [.ctrl("f")]), (bytes("\u{1B}[7~"), [.home]), (bytes("\u{1B}[8~"), [.end]),
      (bytes("\u{1B}\r"), [.escape, .enter]), (bytes("\u{1B}é"), [.escape, .char("é")]),
      (bytes("\u{1B}\u{1B}[A"), [.escape, .up]),
      (bytes("\u{1B}Ox"), [.escape, .char("O"), .char("x")]),
      (bytes("\u{1B}[1\u{1B}[B"), [.unknown(bytes("\u{1B}[1")), .down]),
    ] as [([UInt8], [Key])]
  )
  func decodesKeys(bytes: [UInt8], expected: [Key]) {
    #expect(decode(bytes) == expected)
  }

  @Test(
    "decodes SGR mouse reports: a left press (modifiers held or not) and the wheel; the rest yields no key at all",
    arguments: [
      (bytes("\u{1B}[<0;40;1M"), [Key.mouse(MouseEvent(.click, at: Point(column: 39, row: 0)))]),
      (bytes("\u{1B}[<16;3;12M"), [.mouse(MouseEvent(.click, at: Point(column: 2, row: 11)))]),
      (bytes("\u{1B}[<64;5;6M"), [.mouse(MouseEvent(.wheelUp, at: Point(column: 4, row: 5)))]),
      (bytes("\u{1B}[<65;250;100M"), [.mouse(MouseEvent(.wheelDown, at: Point(column: 249, row: 99)))]),
      (bytes("\u{1B}[<0;40;1m"), []),  // the release
      (bytes("\u{1B}[<2;4;4M"), []),  // the right button
      (bytes("\u{1B}[<32;4;4M"), []),  // motion with the button down
      (bytes("\u{1B}[<0;0;4M"), []),  // columns count from 1
      (bytes("\u{1B}[<0;4M"), []), (bytes("\u{1B}[<0;4;4;4M"), []), (bytes("\u{1B}[<0;1:2;3M"), []),
      (bytes("\u{1B}[<0;99999999999999999999;1M"), []),
      (bytes("\u{1B}[<0;;M"), []), (bytes("\u{1B}[<M"), []),
      // The old form has three raw bytes after `ESC [ M`; they never type.
      (bytes("\u{1B}[M !!x"), [.char("x")]), (bytes("\u{1B}[M q"), []),
      (bytes("\u{1B}[<0;3;3Mq"), [.mouse(MouseEvent(.click, at: Point(column: 2, row: 2))), .char("q")]),
    ] as [([UInt8], [Key])]
  )
  func decodesMouse(bytes: [UInt8], expected: [Key]) {
    #expect(decode(bytes) == expected)
  }

  @Test(
    "turns invalid UTF-8 into unknown keys without losing the bytes that follow",
    arguments: [
      ([0xFF, 0x61], [Key.unknown([0xFF]), .char("a")]),
      ([0x80, 0x62], [.unknown([0x80]), .char("b")]),
      ([0xE4, 0xB8, 0x61], [.unknown([0xE4, 0xB8]), .char("a")]),
      ([0xC3, 0x1B, 0x5B, 0x41], [.unknown([0xC3]), .up]),
      ([0xC0, 0xAF], [.unknown([0xC0]), .unknown([0xAF])]),
      ([0xED, 0xA0, 0x80], [.unknown([0xED]), .unknown([0xA0]), .unknown([0x80])]),
      ([0xF0, 0x9F, 0x98], [.unknown([0xF0, 0x9F, 0x98])]),
      ([0xC2, 0x9B], [.unknown([0xC2, 0x9B])]),
    ] as [([UInt8], [Key])]
  )
  func invalidUTF8(bytes: [UInt8], expected: [Key]) {
    #expect(decode(bytes) == expected)
  }

  @Test("holds a lone ESC until more bytes arrive or the input loop flushes it")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [.escape])
    #expect(!decoder.hasPending)
    #expect(decoder.flushPending().isEmpty)

    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("[A".utf8)) == [.up])

    #expect(decoder.feed(Array("\u{1B}[".utf8)).isEmpty)
    #expect(decoder.flushPending() == [.escape, .char("[")])
  }

  @Test("decodes a stream split at any point, or at any two points, exactly as the whole stream")
  func splitAnywhere() {
    var stream: [UInt8] = []
    let parts: [[UInt8]] = [
      Array("ab é中😀".utf8), Array("\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[Z\u{1B}[3~\u{1B}[5~".utf8),
      [13, 10, 127, 8, 9, 3, 4],
      [0xFF, 0xE4, 0xB8, 0x78], Array("\u{1B}x\u{1B}\u{1B}[D\u{1B}Oz".utf8), [0xF0, 0x9F, 0x91, 0x8D],
      Array("\u{1B}[<0;12;3M\u{1B}[<0;12;3m\u{1B}[<65;1;1Mq\u{1B}[M #$".utf8),
      Array("\u{1B}[200~a\u{1B}[B\r\u{1B}[201".utf8), Array("~\u{1B}[1".utf8),
      Array("\u{1B}P1;f\u{1B}\\j\u{1B}]0;PWN\u{07}k\u{1B}_f\u{9C}\u{1B}P\u{1B}[A\u{1B}Xq\u{18}".utf8), [0x1B],
    ]
    for part in parts {
      stream.append(contentsOf: part)
    }
    let whole = decode(stream)
    #expect(whole.count > 30)
    for split in 0...stream.count {
      var decoder = KeyDecoder()
      let keys = decoder.feed(Array(stream[..<split])) + decoder.feed(Array(stream[split...])) + decoder.flushPending()
      #expect(keys == whole, "split at \(split)")
    }
    for first in 0...stream.count {
      for second in first...stream.count {
        var decoder = KeyDecoder()
        var keys = decoder.feed(Array(stream[..<first]))
        keys += decoder.feed(Array(stream[first..<second]))
        keys += decoder.feed(Array(stream[second...]))
        keys += decoder.flushPending()
        if keys != whole {
          Issue.record("split at \(first) and \(second): \(keys)")
          return
        }
      }
    }
    var decoder = KeyDecoder()
    let byteByByte = stream.flatMap { decoder.feed([$0]) } + decoder.flushPending()
    #expect(byteByByte == whole)
  }

  // MARK: Bracketed paste

  private static let pasteStart = bytes("\u{1B}[200~")
  private static let pasteEnd = bytes("\u{1B}[201~")

  @Test("A bracketed paste is one paste key holding its text, keys and escapes included, whatever the reads")
  func pasteIsOneKey() {
    let text = "quit\r2x q\u{1B}[A 中😀 ~\u{1B}[201"
    let stream = Self.bytes("a") + Self.pasteStart + Self.bytes(text) + Self.pasteEnd + Self.bytes("b")
    let expected: [Key] = [.char("a"), .paste(text), .char("b")]
    #expect(decode(stream) == expected)
    // Cut into two reads at every byte, the end marker's bytes included.
    for cut in 0...stream.count {
      var decoder = KeyDecoder()
      let keys = decoder.feed(Array(stream[..<cut])) + decoder.feed(Array(stream[cut...]))
      #expect(keys == expected, "cut at \(cut)")
      #expect(!decoder.hasPending, "cut at \(cut)")
    }
  }

  @Test("A paste whose end marker never comes ends when the input goes quiet, and keys after it decode as keys")
  func unterminatedPasteEndsAtFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Self.pasteStart + Self.bytes("half a pas")).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flushPending() == [.paste("half a pas")])
    #expect(decoder.feed(Self.bytes("q")) == [.char("q")])
  }

  @Test("A paste past the limit keeps its first 64 KiB and loses nothing after its end marker")
  func pasteLimit() {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: KeyDecoder.maximumPasteBytes + 1000)
    var decoder = KeyDecoder()
    var keys = decoder.feed(Self.pasteStart + Array(long[..<5000]))
    keys += decoder.feed(Array(long[5000...]) + Self.pasteEnd + Self.bytes("\u{1B}[A"))
    #expect(keys == [.paste(String(repeating: "x", count: KeyDecoder.maximumPasteBytes)), .up])
  }

  // MARK: Control strings

  @Test(
    "A control string (DCS, OSC, APC, PM, SOS) is dropped up to its terminator and never types",
    arguments: [
      // A DCS on Home that would toggle a favorite, a DECRQSS reply that would refresh, an OSC
      // title that would type into Search.
      (bytes("\u{1B}P1;f\u{1B}\\"), [Key]()), (bytes("\u{1B}P1$r0m\u{1B}\\"), []), (bytes("\u{1B}]0;PWN\u{07}"), []),
      (bytes("\u{1B}]0;PWN\u{1B}\\j"), [.char("j")]), (bytes("\u{1B}_apc f\u{1B}\\"), []),
      (bytes("\u{1B}^pm f\u{1B}\\"), []), (bytes("\u{1B}Xsos f\u{1B}\\"), []),
      // ST as U+009C in UTF-8; CAN and SUB cancel a string.
      (bytes("\u{1B}P1;f\u{9C}q"), [.char("q")]), (bytes("\u{1B}P1;f\u{18}q"), [.char("q")]),
      (bytes("\u{1B}]0;f\u{1A}q"), [.char("q")]),
      // BEL ends only an OSC; in a DCS it is body.
      (bytes("\u{1B}P1\u{07}f\u{1B}\\q"), [.char("q")]),
      // Any other ESC ends the string and starts what follows.
      (bytes("\u{1B}P1;f\u{1B}[Aq"), [.up, .char("q")]), (bytes("\u{1B}]0;PWN\u{1B}"), [.escape]),
      // A body in UTF-8 whose bytes include 0x9C (Ŝ is C5 9C) goes on to its terminator.
      (bytes("\u{1B}]0;Ŝf\u{07}q"), [.char("q")]),
      // Nothing after the introducer: Alt and the character, as Alt-Shift-P sends it.
      (bytes("\u{1B}P"), [.alt("P")]), (bytes("\u{1B}]"), [.alt("]")]), (bytes("\u{1B}X"), [.alt("X")]),
    ] as [([UInt8], [Key])]
  )
  func controlStringsAreDropped(bytes: [UInt8], expected: [Key]) {
    #expect(decode(bytes) == expected)
  }

  @Test("A control string whose terminator never comes ends when the input goes quiet, and keys after it decode")
  func unterminatedStringEndsAtFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Self.bytes("\u{1B}P1;f")).isEmpty)
    #expect(decoder.feed(Self.bytes("rq")).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flushPending().isEmpty)
    #expect(!decoder.hasPending)
    #expect(decoder.feed(Self.bytes("q")) == [.char("q")])
  }

  @Test("A lone ESC P is held until the input goes quiet, then it is Alt-P; with more in the same burst, a string")
  func loneStringIntroducer() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Self.bytes("\u{1B}P")).isEmpty)
    #expect(decoder.flushPending() == [.alt("P")])
    #expect(decoder.feed(Self.bytes("\u{1B}P")).isEmpty)
    #expect(decoder.feed(Self.bytes("f")).isEmpty)
    #expect(decoder.feed(Self.bytes("\u{1B}\\f")) == [.char("f")])
  }

  @Test("A control string's body past the limit is given up on, however the reads cut it: decoding resumes there")
  func stringLimit() {
    let body = [UInt8](repeating: UInt8(ascii: "x"), count: KeyDecoder.maximumStringBytes)
    let stream = Self.bytes("\u{1B}]") + body + Self.bytes("q")
    var whole = KeyDecoder()
    #expect(whole.feed(stream) == [.char("q")])
    var inTwo = KeyDecoder()
    #expect(inTwo.feed(Array(stream[..<1000])).isEmpty)
    #expect(inTwo.feed(Array(stream[1000...])) == [.char("q")])
  }
}
