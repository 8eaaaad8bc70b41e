import Foundation
import FunModelTestSupport
import Testing

@testable import FunServices

/// The reader's own wait: its caller is resumed from the read's queue, and that wake-up must not
/// wait for Swift's global executor, whose threads the synchronous work of the suites running
/// beside the app's tests can hold for seconds.
@Suite("CatalogFileReader", .timeLimit(.minutes(3)))
@MainActor
struct CatalogFileReaderTests {
  @Test("A file read's caller goes on while Swift's global executor is kept busy by other work")
  func readDoesNotWaitForTheGlobalExecutor() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("catalog.json")
    let contents = Data(CatalogFixtures.json().utf8)
    try contents.write(to: URL(fileURLWithPath: path))
    let reader = CatalogFileReader(maximumStreamBytes: 1 << 20, idleTimeout: .seconds(1))
    let hog = GlobalExecutorHog()

    hog.occupy()
    let read = try await reader.read(path: path)
    let held = hog.release()

    #expect(held, "the read's wake-up waited until the global executor's threads were free")
    #expect(read == contents)
  }
}
