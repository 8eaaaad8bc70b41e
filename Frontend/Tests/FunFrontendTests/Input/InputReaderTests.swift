import Testing

@testable import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("InputReader")
struct InputReaderTests {
  @Test("yields the decoded keys and finishes at end of input, flushing a trailing ESC")
  func readsUntilEndOfInput() async throws {
    let pipe = try TestPipe()
    pipe.send(Array("hi\u{1B}[A\r".utf8) + [0xFF, 0x1B])
    pipe.closeWriteEnd()
    var keys: [Key] = []
    for await batch in InputReader(fileDescriptor: pipe.readEnd).keys() {
      #expect(!batch.isEmpty)
      keys += batch
    }
    #expect(keys == [.char("h"), .char("i"), .up, .enter, .unknown([0xFF]), .escape])
    // The reader holds only the descriptor: the pipe must not close it before the reads end.
    withExtendedLifetime(pipe) {}
  }

  @Test("yields the keys of one read as one batch, so the app draws once for all of them")
  func oneReadOneBatch() async throws {
    let pipe = try TestPipe()
    let typed = String(repeating: "swift ", count: 34)
    pipe.send(Array(typed.utf8))
    var iterator = InputReader(fileDescriptor: pipe.readEnd).keys().makeAsyncIterator()
    #expect(await iterator.next() == typed.map { Key.char($0) })
    pipe.closeWriteEnd()
    #expect(await iterator.next() == nil)
  }

  @Test("takes a pending ESC as the Escape key when no byte follows within the timeout")
  func flushesEscapeAfterTimeout() async throws {
    let pipe = try TestPipe()
    let keys = InputReader(fileDescriptor: pipe.readEnd, escapeTimeout: .milliseconds(1)).keys()
    var iterator = keys.makeAsyncIterator()
    pipe.send([0x1B])
    #expect(await iterator.next() == [.escape])
    pipe.send(Array("\u{1B}[B".utf8))
    #expect(await iterator.next() == [.down])
    pipe.closeWriteEnd()
    #expect(await iterator.next() == nil)
  }
}
