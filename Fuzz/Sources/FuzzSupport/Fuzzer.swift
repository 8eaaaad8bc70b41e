import CLibFuzzer
import Foundation

/// What every fuzz target shares: handing the process to libFuzzer, and reading its input.
///
/// A fuzz target is an executable whose one file defines the test of one input, exported to
/// libFuzzer under the name it looks for, and then calls ``run()``:
///
/// ```swift
/// @_cdecl("LLVMFuzzerTestOneInput")
/// func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
///   let text = Fuzzer.text(data, size)
///   …  // parse it; `precondition` what the parser promises
///   return 0
/// }
///
/// Fuzzer.run()
/// ```
///
/// A broken `precondition` (or a trap, or an AddressSanitizer report) stops the run, and
/// libFuzzer keeps the input that did it.
public enum Fuzzer {
  /// Runs libFuzzer with the process's arguments (its options and corpus folders) until it
  /// stops, then exits with its status.
  ///
  /// libFuzzer's own `main` cannot be the program's: SwiftPM links every executable with its
  /// Swift entry point renamed to `main`, so the target's top-level code is `main`, and it
  /// starts libFuzzer's driver here.
  public static func run() -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput))
  }

  /// The input's bytes.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// The input as text: UTF-8, with invalid sequences replaced (U+FFFD), as Fun reads text.
  public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
    String(decoding: bytes(data, size), as: UTF8.self)
  }

  /// Checks a decoder against the encoder that saves what it reads: when `input` decodes, the
  /// value's saved form decodes too and saves to the very same bytes, so what is saved always
  /// reads back as what was saved.
  public static func checkSavedFormReadsBack<Value>(
    of input: [UInt8],
    decode: (Data) throws -> Value,
    encode: (Value) throws -> Data
  ) {
    guard let value = try? decode(Data(input)) else { return }
    do {
      let saved = try encode(value)
      let savedAgain = try encode(try decode(saved))
      precondition(
        savedAgain == saved, "\(value) is saved as \(text(saved)), which is saved again as \(text(savedAgain))")
    } catch {
      preconditionFailure("\(value) was read, but its saved form does not read back: \(error)")
    }
  }

  private static func text(_ data: Data) -> String {
    String(decoding: data, as: UTF8.self).debugDescription
  }
}
