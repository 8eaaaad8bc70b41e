import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment variables, as the composition root reads them once at start.
///
/// On Linux they are read straight from the C `environ` array. Foundation's
/// `ProcessInfo.processInfo.environment` gives the same dictionary there, but splits each
/// variable at its `=` by `Character`, with grapheme breaking: about a quarter of a millisecond
/// of every start for a typical environment. Elsewhere Foundation's is used as it is.
public enum ProcessEnvironment {
  /// Every variable of this process.
  public static func current() -> [String: String] {
    #if canImport(Glibc)
      variables(in: environ)
    #else
      ProcessInfo.processInfo.environment
    #endif
  }

  /// The variables of a C environment array (`NAME=value` strings up to a null pointer). An
  /// entry without `=` is skipped; when a name appears twice, the first wins, as `getenv`
  /// finds it; bytes that are not UTF-8 are repaired (as U+FFFD), as Foundation does.
  static func variables(in entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    var variables: [String: String] = [:]
    var entry = entries
    while let pointer = entry.pointee {
      let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
      }
      entry += 1
    }
    return variables
  }
}
