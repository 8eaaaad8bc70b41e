import FunModelTestSupport
import Testing

@testable import FunApp

/// What the `:` line says answers the command just typed, at once: two failed commands in a
/// row must not read as one, nor the second's answer as the first's.
@Suite("The : line's answers", .timeLimit(.minutes(3)))
struct CommandLineAnswerTests {
  @Test("A second failed command's error replaces the first's at once, and a later one that works says so at once")
  func eachCommandIsAnsweredAtOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let run = try await FunRun.script(
      """
      wait 1s
      key :
      type tab aa
      key enter
      key :
      type tab bb
      key enter
      key :
      type expect Home
      key enter
      """,
      in: directory)
    let first = try #require(run.frame(line: 4)).lines.suffix(2).joined(separator: "\n")
    #expect(first.contains("'aa'"), "\(first)")
    let second = try #require(run.frame(line: 7)).lines.suffix(2).joined(separator: "\n")
    #expect(second.contains("'bb'") && !second.contains("'aa'"), "\(second)")
    #expect(try #require(run.frame(line: 10)).bottomLine.hasPrefix("✓ "), "the success does not wait behind the error")
  }
}
