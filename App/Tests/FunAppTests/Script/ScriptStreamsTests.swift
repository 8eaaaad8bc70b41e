import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Script mode's stdin and stderr when they misbehave: input that never ends a line or never
/// ends at all, and a stderr that cannot be written (`/dev/full`, a full non-blocking pipe).
@Suite("Script mode's stdin and stderr", .timeLimit(.minutes(3)))
struct ScriptStreamsTests {
  /// A pipe whose ends the test writes and reads; both are closed when it goes.
  private final class TestPipe {
    let readEnd: Int32
    let writeEnd: Int32
    private var isWriteEndOpen = true

    init() throws {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
      readEnd = ends[0]
      writeEnd = ends[1]
    }

    func write(_ text: String) {
      _ = Array(text.utf8).withUnsafeBytes { Foundation.write(writeEnd, $0.baseAddress, $0.count) }
    }

    /// Closes the write end: once every copy is closed, the reader meets the end.
    func closeWriteEnd() {
      guard isWriteEndOpen else { return }
      isWriteEndOpen = false
      close(writeEnd)
    }

    deinit {
      close(readEnd)
      closeWriteEnd()
    }
  }

  // MARK: ScriptInput

  @Test("Stdin's lines come as they arrive: a line is returned before the next one is written")
  func linesStream() throws {
    let pipe = try TestPipe()
    let input = ScriptInput(descriptor: pipe.readEnd, maximumBytes: 1 << 20)
    pipe.write("tab search\r\n")
    #expect(input.nextLine() == "tab search")
    pipe.write("type a\nshow")
    #expect(input.nextLine() == "type a")
    pipe.closeWriteEnd()
    #expect(input.nextLine() == "show")
    #expect(input.nextLine() == nil)
    #expect(!input.isOverLimit)
  }

  @Test("Past the limit reading stops, newlines or not: the lines before it came, the rest is never read")
  func limit() throws {
    let pipe = try TestPipe()
    let input = ScriptInput(descriptor: pipe.readEnd, maximumBytes: 100)
    pipe.write("show\n" + String(repeating: "x", count: 200))
    #expect(input.nextLine() == "show")
    #expect(input.nextLine() == nil)
    #expect(input.isOverLimit)
    #expect(input.nextLine() == nil)

    let lines = try TestPipe()
    let many = ScriptInput(descriptor: lines.readEnd, maximumBytes: 100)
    lines.write(String(repeating: "show\n", count: 30))
    var read = 0
    while many.nextLine() != nil { read += 1 }
    #expect(read == 20)
    #expect(many.isOverLimit)
  }

  // MARK: The fun binary

  private struct Run: Equatable {
    let status: Int32
    let wasSignalled: Bool
    let errors: String
  }

  /// Runs the `fun` binary with `arguments`, its stdin, stdout and stderr as given (stdout dropped
  /// and stderr into a file that is read back when they are nil); kills it after a minute.
  private func runFun(
    _ arguments: [String], stdin: FileHandle, stdout: FileHandle? = nil, stderr: FileHandle? = nil
  ) async throws -> Run {
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("fun-streams-\(UUID().uuidString)")
    try Data().write(to: errorFile)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = FunExecutable.standardEnvironment
    process.standardInput = stdin
    process.standardOutput = stdout ?? FileHandle.nullDevice
    process.standardError = try stderr ?? FileHandle(forWritingTo: errorFile)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let ended = try await blocking { exited.wait(timeout: .now() + 60) == .success }
    if !ended { process.terminate() }
    #expect(ended, "fun did not end within a minute")
    return Run(
      status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
      errors: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
  }

  private static func stateDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("fun-streams-state-\(UUID().uuidString)").path
  }

  @Test(
    "A script file runs as the same bytes on stdin do: carriage returns, a blank line, a byte that is not UTF-8 and a last line without a newline alike"
  )
  func fileAndStdinRunAlike() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var script = Array("tab search\r\ntype caf\u{E9}\n\nshow\r\ntype x".utf8)
    script.insert(0xFF, at: script.count - 1)
    let path = directory.path("script.fun")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(script)))

    func run(_ arguments: [String], stdin: FileHandle, name: String) async throws -> (Run, String) {
      let outputPath = directory.path("\(name).out")
      #expect(FileManager.default.createFile(atPath: outputPath, contents: nil))
      let output = try #require(FileHandle(forWritingAtPath: outputPath))
      let state = ["--state-dir", directory.path("\(name)-state"), "--profile", "tester"]
      let run = try await runFun(arguments + state, stdin: stdin, stdout: output)
      try output.close()
      return (run, try String(contentsOfFile: outputPath, encoding: .utf8))
    }
    let (fromFile, fileFrames) = try await run(["--script", path], stdin: .nullDevice, name: "file")
    let (fromStdin, stdinFrames) = try await run(
      ["--script", "-"], stdin: try #require(FileHandle(forReadingAtPath: path)), name: "stdin")

    #expect(fromFile.status == 0, "\(fromFile.errors)")
    #expect(fileFrames.contains("--- 5: type \u{FFFD}x"), "the last line did not run as typed:\n\(fileFrames)")
    #expect(fromStdin == fromFile)
    #expect(stdinFrames == fileFrames)
  }

  @Test(
    "Stdin that never ends a line (/dev/zero) is read up to 64 MiB, then refused: exit 2 with the reason",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero")))
  func endlessStdin() async throws {
    let state = Self.stateDirectory()
    defer { try? FileManager.default.removeItem(atPath: state) }
    let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
    let run = try await runFun(["--state-dir", state, "--frames", "none"], stdin: zero)
    #expect(run == Run(status: 2, wasSignalled: false, errors: run.errors))
    #expect(
      run.errors.contains("fun: stopped reading the script from standard input: it is longer than 64 MiB"),
      "\(run.errors)")

    let german = try await runFun(
      ["--script", "-", "--state-dir", state, "--frames", "none", "--lang", "de"],
      stdin: try #require(FileHandle(forReadingAtPath: "/dev/zero")))
    #expect(german.status == 2)
    #expect(german.errors.contains("Es ist länger als 64 MiB"), "\(german.errors)")
  }

  @Test(
    "A stderr that cannot be written (/dev/full) costs the message, never the process: the exit status tells",
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func stderrFull() async throws {
    let state = Self.stateDirectory()
    defer { try? FileManager.default.removeItem(atPath: state) }
    let bogus = try await runFun(
      ["--bogus"], stdin: FileHandle.nullDevice, stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
    )
    #expect(bogus == Run(status: 2, wasSignalled: false, errors: ""))

    let script = try TestPipe()
    script.write("sign-in ada\nexpect-not ada\n")
    script.closeWriteEnd()
    let failing = try await runFun(
      ["--script", "-", "--state-dir", state, "--frames", "none"],
      stdin: FileHandle(fileDescriptor: script.readEnd),
      stderr: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
    #expect(failing == Run(status: 1, wasSignalled: false, errors: ""))
  }

  /// Spins until process `pid` sleeps (its state in /proc is `S`) or a minute passes: there
  /// `fun`, with nothing else to wait on, waits for room in its stderr.
  private static func waitUntilSleeping(_ pid: Int32) -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while ContinuousClock.now < deadline {
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      // `pid (name) S …`: the state follows the name's closing parenthesis.
      if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "S" { return true }
      sched_yield()
    }
    return false
  }

  @Test(
    "A full non-blocking stderr pipe is waited on, as a blocking one is: the message arrives whole once it drains",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
  func stderrNonBlockingFull() async throws {
    let executable = try #require(FunExecutable.url, Comment(rawValue: FunExecutable.notFoundMessage))
    let stderr = try TestPipe()
    #expect(fcntl(stderr.writeEnd, F_SETFL, fcntl(stderr.writeEnd, F_GETFL) | O_NONBLOCK) == 0)
    let filler = [UInt8](repeating: UInt8(ascii: "."), count: 4096)
    var filled = 0
    while true {
      let written = filler.withUnsafeBytes { write(stderr.writeEnd, $0.baseAddress, $0.count) }
      guard written > 0 else { break }
      filled += written
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--bogus"]
    process.environment = FunExecutable.environment(["SWIFT_BACKTRACE": "enable=no"])
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(fileDescriptor: stderr.writeEnd, closeOnDealloc: false)
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    stderr.closeWriteEnd()  // the child's copy is the one left: its exit ends the pipe
    let pid = process.processIdentifier
    let readEnd = stderr.readEnd
    let (sleptOnFullPipe, received) = try await blocking { () -> (Bool, [UInt8]) in
      let slept = Self.waitUntilSleeping(pid)
      var received: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        received += buffer[..<count]
      }
      return (slept, received)
    }
    #expect(sleptOnFullPipe)
    let ended = try await blocking { exited.wait(timeout: .now() + 60) == .success }
    try #require(ended, "fun did not end")
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 2)
    #expect(received.count > filled)
    let message = String(decoding: received.dropFirst(filled), as: UTF8.self)
    #expect(message.hasPrefix("fun: unknown option '--bogus'\nusage: fun "), "\(message)")
  }
}
