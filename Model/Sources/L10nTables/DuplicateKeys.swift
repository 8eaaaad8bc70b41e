import Foundation

/// Finds keys that a JSON object names twice. `JSONSerialization` silently keeps one of them,
/// so a table with a key written twice would build with whichever text it kept: the second
/// entry is almost always a mistake (two features claiming one key), and the build should say so.
enum DuplicateKeys {
  /// Every key named more than once in one object of the JSON `data` (which must already be
  /// valid JSON), in order of its second appearance.
  static func find(in data: Data) -> [String] {
    let bytes = [UInt8](data)
    // One set of keys per open object; `nil` for an open array, whose strings are values.
    var open: [Set<String>?] = []
    var expectsKey = false
    var duplicates: [String] = []
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "{"):
        open.append([])
        expectsKey = true
      case UInt8(ascii: "["):
        open.append(nil)
        expectsKey = false
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        open.removeLast()
        expectsKey = false
      case UInt8(ascii: ","):
        expectsKey = open.last.map { $0 != nil } ?? false
      case UInt8(ascii: ":"):
        expectsKey = false
      case UInt8(ascii: "\""):
        let start = index
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        if expectsKey, let last = open.indices.last, var keys = open[last] {
          let token = Data(bytes[start...min(index, bytes.count - 1)])
          let key = (try? JSONSerialization.jsonObject(with: token, options: .fragmentsAllowed)) as? String ?? ""
          if !keys.insert(key).inserted { duplicates.append(key) }
          open[last] = keys
        }
      default:
        break
      }
      index += 1
    }
    return duplicates
  }
}
