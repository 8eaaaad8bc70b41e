/// Turns the bytes a terminal sends into ``Key``s, however the bytes are split into reads.
///
/// Escape sequences (CSI such as `ESC [ A` and `ESC [ 1 ; 5 A`, SS3 such as `ESC O A`) and
/// UTF-8 text may arrive split at any byte; the decoder keeps an incomplete tail until the
/// rest arrives, so a stream fed in pieces decodes exactly as the same stream fed at once.
///
/// A lone ESC is ambiguous: it is the Escape key, or the start of a sequence whose next byte
/// is on its way. The decoder has no clock; the input loop calls ``flushPending()`` when no
/// byte has arrived for a short while, which decodes whatever is pending as typed keys (ESC
/// alone becomes ``Key/escape``). ESC followed by a printable ASCII character other than the
/// `[` and `O` that start sequences is how terminals send Alt and that character:
/// ``Key/alt(_:)``; ESC and DEL (or BS) is Alt-Backspace. Invalid UTF-8 becomes ``Key/unknown(_:)`` holding the bad bytes, and the
/// byte that revealed the problem is decoded afresh, so nothing that follows is lost.
///
/// A bracketed paste (`ESC [ 200 ~`, the text, `ESC [ 201 ~`; the terminal sends it once
/// ``TTYTerminal`` has turned the mode on) decodes as one ``Key/paste(_:)``, however the reads
/// cut it. Its text is kept up to ``maximumPasteBytes`` (the rest is dropped up to the end
/// marker); a paste whose end marker never comes ends at ``flushPending()``, so a terminal
/// that loses it cannot swallow the keys after it.
///
/// A control string — DCS (`ESC P`), OSC (`ESC ]`), APC (`ESC _`), PM (`ESC ^`) or SOS
/// (`ESC X`) — is a terminal's reply or a program's message, never typing: its body is dropped
/// up to its terminator, ST (`ESC \`, or U+009C in UTF-8), BEL for an OSC, or CAN or SUB, which
/// cancel it. The body is never kept, so a long one costs no memory; an ESC followed by anything
/// but `\` ends it too and starts a new sequence (as in a VT500 terminal's own parser), so
/// the keys after a string that lost its terminator are not lost. A string whose terminator
/// never comes ends at ``flushPending()``, as a paste does, or after ``maximumStringBytes`` of
/// body, where decoding resumes with the next byte. A raw 0x9C byte is not taken as ST: in
/// UTF-8 it continues a character (`Ŝ` is `C5 9C`), and Fun never asks for 8-bit replies.
///
/// Typed by a person, the same introducers are Alt and a character (Alt-Shift-P sends `ESC P`).
/// A person's keys come one read at a time, so `ESC P` with nothing after it, flushed when
/// the input goes quiet, is ``Key/alt(_:)``; only bytes in the same burst after it make it a
/// string. Alt-Shift-P typed and a key pressed within the escape timeout is lost: the price
/// of never letting a terminal's reply type.
///
/// Mouse reports in the SGR form (`ESC [ < b ; x ; y M`) decode as ``Key/mouse(_:)`` for a
/// left click or a wheel turn; every other report (a release, motion, another button, a
/// malformed one, the old `ESC [ M` form with its three raw bytes) is consumed and yields
/// nothing, so a mouse can never type.
///
/// A value type; use one per input stream.
struct KeyDecoder: Sendable {
  private enum Step {
    /// Keys decoded from the first `consumed` bytes.
    case keys([Key], consumed: Int)
    /// A bracketed paste starts after the first `consumed` bytes.
    case pasteStart(consumed: Int)
    /// A control string's body starts after the first `consumed` bytes.
    case stringStart(endsAtBell: Bool, consumed: Int)
    /// The bytes so far are an incomplete sequence.
    case incomplete
  }

  /// Sequences longer than this are not a key any terminal sends; they are given up on.
  private static let maximumSequenceLength = 32
  private static let escape: UInt8 = 0x1B
  /// What ends a bracketed paste.
  private static let pasteEnd = Array("\u{1B}[201~".utf8)
  /// The most of one paste that is kept: far more than any field holds.
  static let maximumPasteBytes = 64 * 1024
  /// The longest control string body dropped before decoding resumes: far more than any reply
  /// a terminal sends to what Fun asks.
  static let maximumStringBytes = 64 * 1024

  /// The control string being dropped, when one has started and not ended.
  private struct ControlString {
    /// Whether BEL ends it (an OSC).
    let endsAtBell: Bool
    /// How many bytes of its body have been dropped.
    var length = 0
  }

  private var pending: [UInt8] = []
  /// The text of the paste being read, when one has started and not ended.
  private var paste: [UInt8]?
  private var string: ControlString?

  /// Creates a decoder with nothing pending.
  init() {}

  /// Whether bytes of an incomplete sequence are waiting for more input (or for
  /// ``flushPending()``).
  var hasPending: Bool {
    !pending.isEmpty || paste != nil || string != nil
  }

  /// Decodes `bytes` following everything fed before; an incomplete sequence at the end is
  /// kept for the next call.
  mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending.append(contentsOf: bytes)
    return decode(isFinal: false)
  }

  /// Decodes whatever is pending as complete input: the input loop calls it when no byte
  /// arrived within its escape timeout, and at end of input.
  mutating func flushPending() -> [Key] {
    decode(isFinal: true)
  }

  private mutating func decode(isFinal: Bool) -> [Key] {
    var keys: [Key] = []
    var start = 0
    while start < pending.count || paste != nil {
      if paste != nil {
        guard let end = readPaste(from: start, isFinal: isFinal, into: &keys) else {
          return keys  // the paste goes on in the next read; `pending` holds what it must
        }
        start = end
        continue
      }
      if string != nil {
        guard let end = skipString(from: start, isFinal: isFinal) else {
          return keys  // the string goes on in the next read; `pending` holds what it must
        }
        start = end
        continue
      }
      let rest = pending[start...]
      switch Self.step(rest, isFinal: isFinal) {
      case .keys(let decoded, let consumed):
        keys.append(contentsOf: decoded)
        start += consumed
      case .pasteStart(let consumed):
        paste = []
        start += consumed
      case .stringStart(let endsAtBell, let consumed):
        string = ControlString(endsAtBell: endsAtBell)
        start += consumed
      case .incomplete:
        pending.removeFirst(start)
        return keys
      }
    }
    pending.removeAll()
    if isFinal {
      string = nil  // a string with nothing pending after it still ends when the input goes quiet
    }
    return keys
  }

  /// Takes the paste's text from `pending[start...]`. At its end marker (or at `isFinal`,
  /// with what came) appends the paste to `keys` and returns where decoding goes on;
  /// otherwise keeps the text, leaves in `pending` only a tail that may be the start of the
  /// marker, and returns `nil`.
  private mutating func readPaste(from start: Int, isFinal: Bool, into keys: inout [Key]) -> Int? {
    let rest = pending[start...]
    if let markerStart = Self.firstIndex(of: Self.pasteEnd, in: rest) {
      appendToPaste(rest[..<markerStart])
      finishPaste(into: &keys)
      return markerStart + Self.pasteEnd.count
    }
    if isFinal {
      appendToPaste(rest)
      finishPaste(into: &keys)
      return pending.count
    }
    let heldBack = Self.longestSuffix(of: rest, thatStarts: Self.pasteEnd)
    appendToPaste(rest.dropLast(heldBack))
    pending = Array(rest.suffix(heldBack))
    return nil
  }

  /// Drops the control string's body from `pending[start...]`. At its end (see the type's
  /// comment) returns where decoding goes on; at the end of `pending`, `nil`, keeping in
  /// `pending` only a tail that may start the terminator, unless `isFinal` ends the string.
  private mutating func skipString(from start: Int, isFinal: Bool) -> Int? {
    guard var body = string else { return start }
    var index = start
    while index < pending.count {
      let byte = pending[index]
      let next = index + 1 < pending.count ? pending[index + 1] : nil
      switch byte {
      case Self.escape:
        guard let next else {
          if isFinal {
            string = nil
            return index  // the Escape key, pressed after a string that never ended
          }
          pending = [byte]
          string = body
          return nil
        }
        string = nil
        return next == UInt8(ascii: "\\") ? index + 2 : index
      case 0x07 where body.endsAtBell, 0x18, 0x1A:
        string = nil
        return index + 1
      case 0xC2 where next == 0x9C:
        string = nil
        return index + 2
      case 0xC2 where next == nil && !isFinal:
        pending = [byte]
        string = body
        return nil
      default:
        guard body.length < Self.maximumStringBytes else {
          string = nil
          return index
        }
        body.length += 1
        index += 1
      }
    }
    guard !isFinal else {
      string = nil
      return index
    }
    pending = []
    string = body
    return nil
  }

  private mutating func appendToPaste(_ bytes: ArraySlice<UInt8>) {
    guard var text = paste else { return }
    paste = nil  // no copy of the buffer while it grows
    text.append(contentsOf: bytes.prefix(max(0, Self.maximumPasteBytes - text.count)))
    paste = text
  }

  private mutating func finishPaste(into keys: inout [Key]) {
    guard let text = paste else { return }
    paste = nil
    keys.append(.paste(String(decoding: text, as: UTF8.self)))
  }

  /// Where `marker` first starts in `bytes`.
  private static func firstIndex(of marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.count >= marker.count else { return nil }
    var index = bytes.startIndex
    while index + marker.count <= bytes.endIndex {
      if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The length of the longest suffix of `bytes` that is a proper prefix of `marker`.
  private static func longestSuffix(of bytes: ArraySlice<UInt8>, thatStarts marker: [UInt8]) -> Int {
    for length in stride(from: min(marker.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(marker.prefix(length)) {
      return length
    }
    return 0
  }

  /// Decodes the first key(s) of `bytes`, which is not empty.
  private static func step(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step {
    let first = bytes[bytes.startIndex]
    switch first {
    case escape:
      return escapeSequence(bytes, isFinal: isFinal)
    case 0x0D, 0x0A:
      return .keys([.enter], consumed: 1)
    case 0x7F, 0x08:
      return .keys([.backspace], consumed: 1)
    case 0x09:
      return .keys([.tab], consumed: 1)
    case 0x03:
      return .keys([.ctrlC], consumed: 1)
    case 0x01...0x1A:
      return .keys([.ctrl(Character(Unicode.Scalar(first + 0x60)))], consumed: 1)
    case 0x20...0x7E:
      return .keys([.char(Character(Unicode.Scalar(first)))], consumed: 1)
    case 0x80...:
      return utf8Character(bytes, isFinal: isFinal)
    default:
      return .keys([.unknown([first])], consumed: 1)
    }
  }

  /// ESC and what follows it.
  private static func escapeSequence(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step {
    let start = bytes.startIndex
    guard bytes.count > 1 else {
      return isFinal ? .keys([.escape], consumed: 1) : .incomplete
    }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      return controlSequence(bytes, isFinal: isFinal)
    case let introducer
    where [UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X")]
      .contains(introducer):
      // A control string, or Alt and the character when nothing follows in the same burst.
      guard bytes.count > 2 else {
        return isFinal ? .keys([.alt(Character(Unicode.Scalar(introducer)))], consumed: 2) : .incomplete
      }
      return .stringStart(endsAtBell: introducer == UInt8(ascii: "]"), consumed: 2)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else {
        return isFinal ? .keys([.escape, .char("O")], consumed: 2) : .incomplete
      }
      guard let key = singleShiftKey(bytes[start + 2]) else {
        return .keys([.escape, .char("O")], consumed: 2)
      }
      return .keys([key], consumed: 3)
    case let next where (0x20...0x7E).contains(next):
      // ESC and a printable character together is how terminals send Alt (Meta) and it.
      return .keys([.alt(Character(Unicode.Scalar(next)))], consumed: 2)
    case 0x7F, 0x08:
      // Alt-Backspace (a field deletes a word with it), not Escape and then Backspace, which
      // would leave the field and go back.
      return .keys([.alt(Key.backspaceCharacter)], consumed: 2)
    default:
      // Not a sequence: the Escape key, then whatever follows decoded on its own.
      return .keys([.escape], consumed: 1)
    }
  }

  /// `ESC [`, parameter bytes, intermediate bytes, one final byte.
  private static func controlSequence(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step {
    let start = bytes.startIndex
    var index = start + 2
    while index < bytes.endIndex {
      let byte = bytes[index]
      switch byte {
      case 0x20...0x3F where index - start < maximumSequenceLength:
        index += 1
      case 0x40...0x7E:
        let parameters = bytes[(start + 2)..<index]
        if byte == UInt8(ascii: "~"), parameters.elementsEqual("200".utf8) {
          return .pasteStart(consumed: index - start + 1)
        }
        if parameters.first == UInt8(ascii: "<"), byte == UInt8(ascii: "M") || byte == UInt8(ascii: "m") {
          let event = mouseEvent(parameters: parameters.dropFirst(), isPress: byte == UInt8(ascii: "M"))
          return .keys(event.map { [.mouse($0)] } ?? [], consumed: index - start + 1)
        }
        if byte == UInt8(ascii: "M"), parameters.isEmpty {
          // A terminal without SGR mouse mode reports in the old form: three raw bytes follow.
          // They are consumed, never decoded as typed characters.
          let length = index - start + 1 + 3
          guard bytes.count >= length || isFinal else { return .incomplete }
          return .keys([], consumed: min(length, bytes.count))
        }
        let key = controlSequenceKey(parameters: parameters, final: byte) ?? .unknown(Array(bytes[start...index]))
        return .keys([key], consumed: index - start + 1)
      default:
        // Broken off: report what came so far and decode this byte afresh.
        return .keys([.unknown(Array(bytes[start..<index]))], consumed: index - start)
      }
    }
    guard isFinal else { return .incomplete }
    if bytes.count == 2 {
      return .keys([.escape, .char("[")], consumed: 2)
    }
    return .keys([.unknown(Array(bytes))], consumed: bytes.count)
  }

  /// The key of a complete CSI sequence, or `nil` when Fun has no key for it. Modifier
  /// parameters (`1;5` in `ESC [ 1 ; 5 A`) are ignored.
  private static func controlSequenceKey(parameters: ArraySlice<UInt8>, final: UInt8) -> Key? {
    if let marker = parameters.first, (0x3C...0x3F).contains(marker) {
      return nil  // private sequences: mouse reports, kitty protocol replies
    }
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
      Int(String(decoding: $0, as: UTF8.self))
    }
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
    // Focus reports (mode 1004) have no parameters: `ESC [ I` in, `ESC [ O` out.
    case UInt8(ascii: "I") where parameters.isEmpty: return .focus(gained: true)
    case UInt8(ascii: "O") where parameters.isEmpty: return .focus(gained: false)
    case UInt8(ascii: "~"):
      guard let code = numbers.first ?? nil else { return nil }
      return tildeKey(code)
    default: return nil
    }
  }

  /// The event of an SGR mouse report (`ESC [ < button ; column ; row M`, `m` for a release),
  /// from its parameters after the `<`; `nil` for what Fun does not act on (a release, motion,
  /// another button) and for a malformed report.
  private static func mouseEvent(parameters: ArraySlice<UInt8>, isPress: Bool) -> MouseEvent? {
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
      $0.count <= 6 ? Int(String(decoding: $0, as: UTF8.self)) : nil
    }
    guard isPress, numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2],
      column >= 1, row >= 1
    else { return nil }
    let point = Point(column: column - 1, row: row - 1)
    // Shift, Alt and Ctrl (4, 8, 16) held while clicking change nothing here.
    switch button & ~0b1_1100 {
    case 0: return MouseEvent(.click, at: point)
    case 64: return MouseEvent(.wheelUp, at: point)
    case 65: return MouseEvent(.wheelDown, at: point)
    default: return nil
    }
  }

  /// The key of `ESC [ code ~` (VT220 style).
  private static func tildeKey(_ code: Int) -> Key? {
    switch code {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(code - 10)
    case 17...21: .function(code - 11)
    case 23, 24: .function(code - 12)
    default: nil
    }
  }

  /// The key of `ESC O x` (application cursor and keypad mode), or `nil` for another `x`.
  private static func singleShiftKey(_ byte: UInt8) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): .up
    case UInt8(ascii: "B"): .down
    case UInt8(ascii: "C"): .right
    case UInt8(ascii: "D"): .left
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    case UInt8(ascii: "M"): .enter
    case UInt8(ascii: "P")...UInt8(ascii: "S"): .function(Int(byte - UInt8(ascii: "P")) + 1)
    default: nil
    }
  }

  /// One UTF-8 encoded scalar, validated as the Unicode standard's "maximal subpart" rule
  /// says: an invalid byte ends the sequence and is decoded afresh.
  private static func utf8Character(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Step {
    let start = bytes.startIndex
    let lead = bytes[start]
    let continuation: ClosedRange<UInt8> = 0x80...0xBF
    let (length, allowedSecond): (Int, ClosedRange<UInt8>)
    switch lead {
    case 0xC2...0xDF: (length, allowedSecond) = (2, continuation)
    case 0xE0: (length, allowedSecond) = (3, 0xA0...0xBF)  // no overlong forms
    case 0xE1...0xEC, 0xEE...0xEF: (length, allowedSecond) = (3, continuation)
    case 0xED: (length, allowedSecond) = (3, 0x80...0x9F)  // no surrogates
    case 0xF0: (length, allowedSecond) = (4, 0x90...0xBF)  // no overlong forms
    case 0xF1...0xF3: (length, allowedSecond) = (4, continuation)
    case 0xF4: (length, allowedSecond) = (4, 0x80...0x8F)  // nothing above U+10FFFF
    default: return .keys([.unknown([lead])], consumed: 1)
    }
    for offset in 1..<length {
      guard start + offset < bytes.endIndex else {
        return isFinal ? .keys([.unknown(Array(bytes))], consumed: bytes.count) : .incomplete
      }
      let allowed = offset == 1 ? allowedSecond : continuation
      guard allowed.contains(bytes[start + offset]) else {
        return .keys([.unknown(Array(bytes[start..<(start + offset)]))], consumed: offset)
      }
    }
    let encoded = bytes[start..<(start + length)]
    guard let scalar = String(decoding: encoded, as: UTF8.self).unicodeScalars.first,
      !(0x80...0x9F).contains(scalar.value)
    else {
      return .keys([.unknown(Array(encoded))], consumed: length)
    }
    return .keys([.char(Character(scalar))], consumed: length)
  }
}
