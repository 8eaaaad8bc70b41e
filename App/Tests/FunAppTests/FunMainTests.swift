import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp

/// `fun`'s command line, run in process: what it prints and the exit status.
@Suite("FunMain")
struct FunMainTests {
  @Test("--help prints the help and exits 0")
  func help() async {
    let run = await FunRun.run(["--help"])
    #expect(run.status == 0)
    #expect(run.output.joined(separator: "\n") == AppOptions.help)
    #expect(run.errors.isEmpty)
  }

  @Test("--version prints the version and exits 0")
  func version() async {
    let run = await FunRun.run(["--version"])
    #expect(run.status == 0)
    #expect(run.output == ["fun 1.0.0"])
    #expect(run.errors.isEmpty)
  }

  @Test("an unknown option exits 2 with the reason and the usage line on stderr, and runs nothing")
  func unknownOption() async {
    let run = await FunRun.run(["--colour"])
    #expect(run.status == 2)
    #expect(run.errors == ["fun: unknown option '--colour'"] + AppOptions.usageLines)
    #expect(run.output.isEmpty)
  }

  @Test("an option without its value exits 2")
  func missingValue() async {
    let run = await FunRun.run(["--state-dir"])
    #expect(run.status == 2)
    #expect(run.errors.first == "fun: option '--state-dir' needs a directory")
  }

  @Test("a script file that cannot be read exits 2 with its path on stderr, and leaves no state folder behind")
  func unreadableScript() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.path("missing.fun")
    let run = await FunRun.run(["--script", missing, "--state-dir", directory.path("state")])
    #expect(run.status == 2)
    #expect(
      run.errors.first
        == "fun: cannot read script '\(missing)': it must be a readable file, pipe or device of at most 64 MiB")
    #expect(run.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path("state")))
  }

  @Test("a device or a pipe is a script too: /dev/null is an empty one")
  func deviceScript() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(["--script", "/dev/null", "--state-dir", directory.path("state"), "--guest"])
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
  }

  @Test("readScript reads a pipe to its end, and refuses one longer than the bound")
  func scriptFromAPipe() throws {
    let pipe = Pipe()
    let script = Data("sign-in --guest\nexpect Home\n".utf8)
    pipe.fileHandleForWriting.write(script)
    try pipe.fileHandleForWriting.close()
    #expect(FunMain.readScript(atPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)") == script)
    #expect(FunMain.readScript(atPath: "/dev/zero") == nil)
  }

  @Test(
    "a bad profile name, or --profile with --guest, exits 2 with the reason and runs nothing",
    arguments: [
      ["--profile", "a b"], ["--profile", "ada", "--guest"], ["--profile", String(repeating: "x", count: 33)],
    ]
  )
  func badSessionOptions(arguments: [String]) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = await FunRun.run(arguments + ["--script", "-", "--state-dir", directory.path("state")])
    #expect(run.status == 2)
    #expect(run.errors.first?.hasPrefix("fun: ") == true)
    #expect(run.errors.suffix(AppOptions.usageLines.count) == AppOptions.usageLines[...])
    #expect(run.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.path("state")))
  }
}

extension AppOptions {
  /// The usage, as the lines a run prints it in: it is wrapped to fit 80 columns.
  static var usageLines: [String] {
    usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
