import Foundation
import FunModelTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The helpers the real-process tests stand on, where Linux and macOS differ: each is tested
/// here on its logic, so a helper that works on one system only fails on both.
@Suite("The App tests' own helpers", .timeLimit(.minutes(2)))
struct TestSupportTests {
  @Test(
    "The build folder is the one holding the test bundle, whether the bundle is the process (Linux) or loaded into a helper (macOS)"
  )
  func buildFolderOfTheTestBundle() {
    let linux = "/home/ci/fun/.build/x86_64-unknown-linux-gnu/debug/FunPackageTests.xctest"
    #expect(FunExecutable.buildFolder(ofImageAt: linux)?.path == "/home/ci/fun/.build/x86_64-unknown-linux-gnu/debug")
    let macOS = "/Users/ci/fun/.build/arm64-apple-macosx/debug/FunPackageTests.xctest/Contents/MacOS/FunPackageTests"
    #expect(FunExecutable.buildFolder(ofImageAt: macOS)?.path == "/Users/ci/fun/.build/arm64-apple-macosx/debug")
    #expect(FunExecutable.buildFolder(ofImageAt: "/usr/libexec/swift/swiftpm-testing-helper") == nil)
    #expect(FunExecutable.url != nil, Comment(rawValue: FunExecutable.notFoundMessage))
  }

  @Test("Waiting for a program's end reads what it writes meanwhile, so a full terminal never keeps it from ending")
  func waitingReadsTheTerminal() async throws {
    // Far more than a pseudo-terminal holds unread on either system (about 1 KiB on macOS,
    // a few on Linux): unread, the program would block in its write.
    let program = try InteractiveFun(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "head -c 300000 /dev/zero | tr '\\000' x; exit 3"])
    let exit = try await blocking { program.waitForExit() }
    #expect(exit == InteractiveFun.Exit(status: 3, wasSignalled: false))
    // Read while it ran: more than a pseudo-terminal ever holds unread.
    #expect(program.terminal.output.count > 64 * 1024)
  }

  @Test("The open-file limit is raised to what a test needs, never above the hard limit, never lowered")
  func openFileLimit() {
    #expect(OpenFileLimit.softLimit(current: 256, hard: .max, needed: 4096) == 4096)
    #expect(OpenFileLimit.softLimit(current: 256, hard: 1000, needed: 4096) == 1000)
    #expect(OpenFileLimit.softLimit(current: 65536, hard: .max, needed: 4096) == 65536)
    #expect(OpenFileLimit.raise(toAtLeast: 512) >= 512)
  }
}
