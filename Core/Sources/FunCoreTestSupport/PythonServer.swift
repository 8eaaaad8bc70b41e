import Foundation
import FunCore

/// A `python3` script run as a throwaway server for a test: it prints the port it listens on as
/// the first line of its output, then serves until its stdin closes.
///
/// ``launch(_:)`` blocks until that line arrives, and ``nextLine()`` and ``waitUntilExit()``
/// block too: call them through a helper that gives them a thread of their own, never on Swift's
/// cooperative pool. ``stop()`` closes the script's stdin, and so does the end of the test
/// process, however it ends. Safe to use from any thread.
public final class PythonServer: Sendable {
  /// Why a server did not start: what the script printed instead of a port.
  struct StartFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// How many seconds a script should serve at most, for a server whose stdin never closes:
  /// far past any test, even on a machine loaded enough to make a suite take minutes.
  public static let lifetime = 600

  /// The port the server listens on.
  public let port: Int
  private let process: Process
  private let input: FileHandle
  private let output: LineReader

  private init(process: Process, input: FileHandle, output: LineReader, port: Int) {
    self.process = process
    self.input = input
    self.output = output
    self.port = port
  }

  /// Runs `python3` with `arguments` (a script and its own arguments) and returns once it has
  /// printed its port. The script's stderr is the test's.
  public static func launch(_ arguments: [String]) throws -> PythonServer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let reader = LineReader(output.fileHandleForReading)
    let text = reader.nextLine() ?? ""
    guard let port = Int(text) else {
      try? input.fileHandleForWriting.close()
      process.terminate()
      throw StartFailure(description: "the python3 server did not print a port (got \"\(text)\")")
    }
    return PythonServer(process: process, input: input.fileHandleForWriting, output: reader, port: port)
  }

  /// The next line the script printed after its port, without its newline; `nil` once it has
  /// exited.
  public func nextLine() -> String? {
    output.nextLine()
  }

  /// Stops the server (its stdin closes, and SIGTERM) without waiting; Foundation reaps it.
  public func stop() {
    try? input.close()
    process.terminate()
  }

  /// Returns once the script has exited.
  public func waitUntilExit() {
    process.waitUntilExit()
  }
}

/// Reads a pipe line by line, blocking, keeping what arrived after the line it returns.
private final class LineReader: Sendable {
  private let handle: FileHandle
  private let pending = Locked(Data())

  init(_ handle: FileHandle) {
    self.handle = handle
  }

  /// The next line without its newline, or `nil` once the pipe has ended.
  func nextLine() -> String? {
    while true {
      let line = pending.withLock { data -> String? in
        guard let end = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: data[data.startIndex..<end], as: UTF8.self)
        data.removeSubrange(data.startIndex...end)
        return line
      }
      if let line {
        return line
      }
      let chunk = handle.availableData
      guard !chunk.isEmpty else { return nil }
      pending.withLock { $0.append(chunk) }
    }
  }
}
