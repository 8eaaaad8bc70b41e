import Testing

@testable import FunFrontend

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("InputReader")
struct InputReaderTests {
  /// A pipe whose write end the test controls.
  private struct Pipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
      var descriptors: [Int32] = [0, 0]
      try #require(pipe(&descriptors) == 0)
      readEnd = descriptors[0]
      writeEnd = descriptors[1]
    }

    func send(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
    }
  }

  @Test("yields the decoded keys and finishes at end of input, flushing a trailing ESC")
  func readsUntilEndOfInput() async throws {
    let pipe = try Pipe()
    defer { close(pipe.readEnd) }
    pipe.send(Array("hi\u{1B}[A\r".utf8) + [0xFF, 0x1B])
    close(pipe.writeEnd)
    var keys: [Key] = []
    for await batch in InputReader(fileDescriptor: pipe.readEnd).keys() {
      #expect(!batch.isEmpty)
      keys += batch
    }
    #expect(keys == [.char("h"), .char("i"), .up, .enter, .unknown([0xFF]), .escape])
  }

  @Test("yields the keys of one read as one batch, so the app draws once for all of them")
  func oneReadOneBatch() async throws {
    let pipe = try Pipe()
    defer { close(pipe.readEnd) }
    let typed = String(repeating: "swift ", count: 34)
    pipe.send(Array(typed.utf8))
    var iterator = InputReader(fileDescriptor: pipe.readEnd).keys().makeAsyncIterator()
    #expect(await iterator.next() == typed.map { Key.char($0) })
    close(pipe.writeEnd)
    #expect(await iterator.next() == nil)
  }

  @Test("takes a pending ESC as the Escape key when no byte follows within the timeout")
  func flushesEscapeAfterTimeout() async throws {
    let pipe = try Pipe()
    defer { close(pipe.readEnd) }
    let keys = InputReader(fileDescriptor: pipe.readEnd, escapeTimeout: .milliseconds(1)).keys()
    var iterator = keys.makeAsyncIterator()
    pipe.send([0x1B])
    #expect(await iterator.next() == [.escape])
    pipe.send(Array("\u{1B}[B".utf8))
    #expect(await iterator.next() == [.down])
    close(pipe.writeEnd)
    #expect(await iterator.next() == nil)
  }
}
