import Foundation
import FunModel

/// Where JSON text stops being JSON, as a person finds it in an editor: line and column,
/// both from 1, the column counted in characters.
///
/// `JSONDecoder` on Linux says only "The given data was not valid JSON.", so on that failure
/// (and only then) `JSONSerialization` is asked where: it says "around character N" (a byte
/// offset) on Linux and "around line L, column C" on Darwin, and "Unexpected end of file" when
/// the text stops early. It says "Too many nested arrays or dictionaries" when the text is
/// nested deeper than the parser goes (both decoders stop at the same depth), which is no
/// syntax fault: the catalog is then refused for its depth, not as "not valid JSON".
struct JSONSyntaxPosition: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  let line: Int
  /// The column, from 1, in characters.
  let column: Int
  /// Whether the text ends before the JSON does.
  let endsEarly: Bool
  /// Whether the text is nested deeper than the parser goes, here.
  var isTooDeep = false

  /// `at line 3, column 7`, or `it ends early, at line 3, column 7`, in the screen's language.
  /// The numbers are not grouped (`1234`), as an editor shows them.
  var text: LocalizedText {
    isTooDeep
      ? L10n.Reason.jsonNestedTooDeeply(line: String(line), column: String(column))
      : endsEarly
        ? L10n.Reason.jsonEndsEarly(line: String(line), column: String(column))
        : L10n.Reason.jsonBreaksAt(line: String(line), column: String(column))
  }

  /// The position in English, as the log writes it.
  var description: String {
    text.description
  }

  /// Where `data` breaks; `nil` when `JSONSerialization` finds no fault in it or does not say
  /// where.
  init?(of data: Data) {
    let message: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      return nil
    } catch {
      message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
    if let offset = Self.number(after: "character ", in: message) {
      self.init(offset: min(max(offset, 0), data.count), in: data, endsEarly: false)
    } else if let line = Self.number(after: "line ", in: message),
      let column = Self.number(after: "column ", in: message)
    {
      self.init(line: line, column: column, endsEarly: false)
    } else if message.lowercased().contains("end of file") || message.lowercased().contains("end of data") {
      self.init(offset: data.count, in: data, endsEarly: true)
    } else {
      return nil
    }
    isTooDeep = message.lowercased().contains("too many nested")
  }

  /// The line and column of the byte at `offset` of `data`.
  init(offset: Int, in data: Data, endsEarly: Bool) {
    let before = data.prefix(offset)
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
    self.init(
      line: before.count { $0 == UInt8(ascii: "\n") } + 1,
      column: String(decoding: before[lineStart...], as: UTF8.self).count + 1,
      endsEarly: endsEarly)
  }

  init(line: Int, column: Int, endsEarly: Bool) {
    self.line = line
    self.column = column
    self.endsEarly = endsEarly
  }

  /// The whole number that follows `label` in `text`, if one does.
  private static func number(after label: String, in text: String) -> Int? {
    guard let range = text.range(of: label) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }
}
