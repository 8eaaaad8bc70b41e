import Foundation

/// The shared libraries a binary loads, as the dynamic loader resolves them (`ldd` on Linux).
///
/// Start-up time grows with every library loaded and relocated, so the benchmark reports the
/// count for `fun` and for its baseline, and checks that the baseline loads FoundationNetworking
/// whenever `fun` does: otherwise the start-up ratio would not compare like with like.
enum LinkedLibraries {
  /// The library FoundationNetworking ships as on Linux (libcurl and its TLS libraries come with it).
  static let networking = "libFoundationNetworking"

  /// The names (`libc.so.6`) of the libraries `binary` loads, or `nil` where `ldd` is not
  /// available (macOS, where URLSession is part of Foundation).
  static func of(_ binary: String) -> [String]? {
    #if os(Linux)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["ldd", binary]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return nil }
      let text = String(decoding: (try? output.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
      process.waitUntilExit()
      guard process.terminationStatus == 0 else { return nil }
      return text.split(separator: "\n").compactMap { line in
        line.split(whereSeparator: \.isWhitespace).first.map(String.init)
      }
    #else
      return nil
    #endif
  }
}
