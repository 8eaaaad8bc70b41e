import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many values JSON text holds, counted without parsing it: each `[`, `{` and `,` outside
/// a string starts one (the first scalar of the text is not counted, which no bound notices).
///
/// `JSONDecoder` builds a map of every value before it decodes any, ignored ones included, at
/// some 50 bytes a value: a body of tiny values (`0,0,…` or `[[]],[[]],…`) costs some 30 times
/// its size to read, where a catalog of items, whose values are mostly text, costs four to six. Counting
/// first lets the decoder refuse such a body before it spends the memory. Strings are skipped
/// with `memchr`, so a catalog of real items is counted in about a fortieth of its decode.
enum JSONValueCount {
  /// The values in `data`, or the first count past `limit`: the text is read no further once
  /// the answer is known to be too many.
  static func of(_ data: Data, stoppingPast limit: Int) -> Int {
    data.withUnsafeBytes { raw in
      let bytes = raw.bindMemory(to: UInt8.self)
      var count = 0
      var index = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index = endOfString(openedAt: index, in: bytes)
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"):
          count += 1
          if count > limit { return count }
        default:
          break
        }
        index += 1
      }
      return count
    }
  }

  /// The index of the quote that closes the string whose opening quote is at `start`: the
  /// first quote after it not escaped by an odd run of backslashes; the end of `bytes` when
  /// the string never closes (the decoder then says where the text breaks).
  private static func endOfString(openedAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return bytes.count }
    var from = start + 1
    while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "\"")), bytes.count - from) {
      let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var backslashes = 0
      while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
        backslashes += 1
      }
      if backslashes.isMultiple(of: 2) { return quote }
      from = quote + 1
    }
    return bytes.count
  }
}
