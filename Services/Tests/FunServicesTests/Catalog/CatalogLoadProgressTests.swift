import Foundation
import FunModelTestSupport
import Testing

@testable import FunCore
@testable import FunModel
@testable import FunServices

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("CatalogNetworkService, progress of a large catalog", .timeLimit(.minutes(3)))
struct CatalogLoadProgressTests {
  /// The steps a load reported, in order.
  private final class Steps: Sendable {
    private let steps = Locked<[CatalogLoadProgress]>([])
    var all: [CatalogLoadProgress] { steps.withLock { $0 } }
    func add(_ step: CatalogLoadProgress) { steps.withLock { $0.append(step) } }

    /// The reading steps, in order: bytes read, of how many.
    var reading: [(read: Int, total: Int?)] {
      all.compactMap { step in
        guard case .reading(let read, let total) = step else { return nil }
        return (read, total)
      }
    }

    /// Where the first decoding step is, if any.
    var firstDecoding: Int? {
      all.firstIndex { if case .decoding = $0 { true } else { false } }
    }
  }

  /// `count` generated items as a catalog file in `directory`, and a service that loads it.
  private static func largeCatalog(
    in directory: TemporaryDirectory, count: Int = 20_000
  ) throws -> (items: [FeaturedItem], path: String, service: CatalogNetworkService) {
    let items = CatalogFixtures.generated(count: count)
    let path = try directory.write(CatalogFixtures.json(items), to: "large.json")
    let service = CatalogNetworkService(
      source: .file(path: path), clock: ManualClock(), logger: MockLoggerService(), latency: .zero,
      toasts: MockToastService())
    return (items, path, service)
  }

  @Test("A large file reports the bytes read, growing to its size, then the items decoded, growing to their count")
  func largeFileReportsProgress() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (items, path, service) = try Self.largeCatalog(in: directory)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(size > 3 << 20, "several chunks of 1 MiB, so reading has steps of its own")
    let steps = Steps()

    let loaded = try await service.fetchCatalog(simulatingFailure: false) { steps.add($0) }

    #expect(loaded.items == items)
    let reading = steps.reading
    let decoding = steps.all.compactMap { step -> (Int, Int)? in
      guard case .decoding(let decoded, let total) = step else { return nil }
      return (decoded, total)
    }
    #expect(reading.count >= 3)
    #expect(reading.allSatisfy { $0.1 == size })
    #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.0 < $1.0 })
    #expect(reading.last?.0 == size)
    // A hundredth of 20,000 is fewer than the items between two reports at least.
    #expect(decoding.count == items.count / CatalogDecoder().itemsPerReportAtLeast)
    #expect(decoding.allSatisfy { $0.1 == items.count })
    #expect(zip(decoding, decoding.dropFirst()).allSatisfy { $0.0 < $1.0 })
    #expect(decoding.last?.0 == items.count)
    // Every reading step comes before every decoding step.
    #expect(steps.firstDecoding == reading.count)
  }

  @Test("A large catalog's decode reports about every hundredth of its items; a small one at least every so many items")
  func decodeReportsEveryHundredthOrEverySoMany() throws {
    let items = CatalogFixtures.generated(count: 2_000)
    let data = Data(CatalogFixtures.json(items).utf8)
    func decodingSteps(itemsPerReportAtLeast: Int) throws -> [Int] {
      let steps = Steps()
      var decoder = CatalogDecoder()
      decoder.itemsPerReportAtLeast = itemsPerReportAtLeast
      #expect(try decoder.decode(data) { steps.add($0) } == items)
      return steps.all.compactMap { step in
        guard case .decoding(let decoded, let total) = step, total == items.count else { return nil }
        return decoded
      }
    }

    // Allowed to report as often as it likes, it reports each hundredth: every 20 of 2,000.
    #expect(try decodingSteps(itemsPerReportAtLeast: 1) == Array(stride(from: 20, through: 2_000, by: 20)))
    #expect(try decodingSteps(itemsPerReportAtLeast: 500) == [500, 1_000, 1_500, 2_000])
  }

  @Test("An http load reports the bytes received of the Content-Length, at most a hundred times, then the decode")
  func httpLoadReportsProgress() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (items, path, _) = try Self.largeCatalog(in: directory)
    let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    let server = try await CatalogServer.start(serving: URL(fileURLWithPath: path))
    defer { server.stop() }
    let service = CatalogNetworkService(
      source: .remote(server.url("/catalog.json")), clock: ManualClock(), logger: MockLoggerService(),
      toasts: MockToastService())
    let steps = Steps()

    let loaded = try await service.fetchCatalog(simulatingFailure: false) { steps.add($0) }

    #expect(loaded.items == items)
    let reading = steps.reading
    #expect(reading.count >= 3 && reading.count <= 100)
    #expect(reading.allSatisfy { $0.1 == size })
    #expect(zip(reading, reading.dropFirst()).allSatisfy { $0.0 < $1.0 })
    #expect(reading.last?.0 == size)
    #expect(steps.firstDecoding == reading.count)
    #expect(steps.all.last == .decoding(itemsDecoded: items.count, totalItems: items.count))
  }

  @Test("An http body without a Content-Length reports the bytes received at each MiB, of no total")
  func unsizedBodyReportsEachMebibyte() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let server = try await CatalogServer.start(serving: directory.url.appendingPathComponent("unused.json"))
    defer { server.stop() }
    let service = CatalogNetworkService(
      source: .remote(server.url("/big-unsized")), clock: ManualClock(), logger: MockLoggerService(),
      toasts: MockToastService())
    let steps = Steps()

    // Two MiB of spaces: read whole, then refused as no JSON.
    _ = await outcome { () async throws(AppError) in
      try await service.fetchCatalog(simulatingFailure: false) { steps.add($0) }
    }

    let reading = steps.reading
    #expect(reading.count == 2)
    #expect(reading.allSatisfy { $0.total == nil })
    #expect(reading.first.map { (1 << 20)..<(2 << 20) ~= $0.read } == true)
    #expect(reading.last?.read == 2 << 20)
    #expect(reading.count == steps.all.count, "no step of a known total, and nothing decoded")
  }

  @Test("A load cancelled while it decodes stops there, with the cancellation error")
  func cancelledDecodeStops() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (_, path, service) = try Self.largeCatalog(in: directory)
    let steps = Steps()
    let task = Task {
      try await service.fetchCatalog(simulatingFailure: false) { step in
        steps.add(step)
        // Cancelled from inside, at the first item step, so the test needs no timing.
        if case .decoding = step { withUnsafeCurrentTask { $0?.cancel() } }
      }
    }
    let result = await task.result
    #expect(throws: AppError.network(url: path, reason: L10n.Reason.loadCancelled)) { try result.get() }
    let decoded = steps.all.filter { if case .decoding = $0 { true } else { false } }
    #expect(decoded.count == 1)
  }

  @Test("A load can start again from a regular file, a URL or the bundled catalog, not from a pipe")
  func restartsOnlyWhatCanBeReadAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write(CatalogFixtures.json(), to: "catalog.json")
    let fifo = directory.path("fifo.json")
    try #require(mkfifo(fifo, 0o600) == 0)
    func service(_ source: CatalogSource) -> CatalogNetworkService {
      CatalogNetworkService(
        source: source, clock: ManualClock(), logger: MockLoggerService(), toasts: MockToastService())
    }
    #expect(service(.bundled).canRestartLoad)
    #expect(service(.file(path: file)).canRestartLoad)
    #expect(service(.file(path: directory.path("not-yet.json"))).canRestartLoad)
    #expect(service(.remote(try #require(URL(string: "http://127.0.0.1:1/catalog.json")))).canRestartLoad)
    #expect(!service(.file(path: fifo)).canRestartLoad)
  }
}
