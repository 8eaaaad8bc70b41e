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

/// `--catalog` on what is not a regular file: a FIFO (as `<(…)` and standard input are pipes),
/// `/dev/zero`. Real files and real waits for data, bounded by a one-second idle timeout; the
/// tests wait for events, not for times.
///
/// Each test runs the load on the main actor, as the app does, and shows that the main actor
/// is free while the read waits: another main-actor task runs to its end meanwhile. Reading
/// such a file on the main actor, as the app once did, left it blocked in `open` or `read`.
@Suite("CatalogNetworkService, pipes and devices", .timeLimit(.minutes(3)))
@MainActor
struct CatalogPipeSourceTests {
  private let logger = MockLoggerService()

  /// The idle timeout of the tests that are not about it: longer than any run. The time a test
  /// takes between two of its own steps is not bounded: under the thread sanitizer, with every
  /// suite's main-actor work queued before it, one hop to the main actor took over a minute, and
  /// a read that had given up meanwhile left the test no reader to write to.
  private static let neverIdle: Duration = .seconds(24 * 60 * 60)

  private func service(
    _ path: String,
    idleTimeout: Duration = .seconds(1),
    maximumCatalogBytes: Int = CatalogNetworkService.defaultMaximumCatalogBytes
  ) -> CatalogNetworkService {
    CatalogNetworkService(
      source: .file(path: path),
      clock: ManualClock(),
      logger: logger,
      latency: .zero,
      requestTimeout: idleTimeout,
      maximumCatalogBytes: maximumCatalogBytes,
      toasts: MockToastService()
    )
  }

  /// Starts a load on the main actor; `finished` is set when it ends.
  private func startFetch(
    _ service: CatalogNetworkService,
    finished: Flag
  ) -> Task<Result<[FeaturedItem], AppError>, Never> {
    Task { @MainActor in
      let result = await outcome { () async throws(AppError) in
        try await service.fetchCatalog(simulatingFailure: false).items
      }
      finished.set()
      return result
    }
  }

  /// Whether the main actor runs a task of its own while the load started before it is
  /// pending (`finished` not set yet): it would wait forever behind a load that blocks it.
  /// Looked at inside that task, not after this one has woken up again: that wake-up may take
  /// longer than a one-second idle timeout on a loaded machine, and the load's own does not.
  private func mainActorRunsMeanwhile(_ finished: Flag) async -> Bool {
    await Task { @MainActor in !finished.isSet }.value
  }

  /// A FIFO in `directory`, and a descriptor that holds it open for reading and writing, so the
  /// load finds a writer that never writes (as `<(sleep 8; cat c.json)` is for eight seconds).
  private func fifo(in directory: TemporaryDirectory) throws -> (path: String, holder: Int32) {
    let path = directory.path("catalog.fifo")
    try #require(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
    // Opening a FIFO for reading and writing does not wait for the other end (Linux, Darwin).
    let holder = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
    try #require(holder >= 0, "open failed: \(String(cString: strerror(errno)))")
    return (path, holder)
  }

  @Test("A pipe that never gets data fails after the idle timeout, and the main actor is free meanwhile")
  func pipeWithoutData() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, holder) = try fifo(in: directory)
    defer { close(holder) }
    let finished = Flag()
    let fetch = startFetch(service(path), finished: finished)

    #expect(await mainActorRunsMeanwhile(finished))
    let result = await fetch.value
    #expect(result == .failure(.unreadableFile(path: path, reason: L10n.Reason.nothingCame("1"))))
    #expect(result.failure?.message == "Could not read \(path): nothing came from it for 1 s")
    #expect(logger.entries.last?.level == .error)
  }

  @Test("A pipe's catalog loads when it comes, however long after the load began")
  func pipeWithLateData() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path("catalog.fifo")
    try #require(mkfifo(path, 0o600) == 0, "mkfifo failed: \(String(cString: strerror(errno)))")
    let finished = Flag()
    let fetch = startFetch(service(path, idleTimeout: Self.neverIdle), finished: finished)

    // With no writer yet, the read waits for one, and the main actor goes on.
    #expect(await mainActorRunsMeanwhile(finished))
    // A FIFO opens for writing without waiting only once it has a reader: the load's.
    let writer = Locked<Int32>(-1)
    #expect(
      await eventually {
        writer.withLock { writer in
          writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
          return writer >= 0
        }
      })
    let descriptor = writer.withLock { $0 }
    let json = Array(CatalogFixtures.json().utf8)
    #expect(json.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == json.count)
    close(descriptor)
    #expect(try await fetch.value.get() == CatalogFixtures.items)
  }

  @Test("Cancelling a load that waits on a pipe ends it at once, and the read lets go of the pipe")
  func cancelPipe() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (path, holder) = try fifo(in: directory)
    defer { close(holder) }
    let finished = Flag()
    let fetch = startFetch(service(path, idleTimeout: Self.neverIdle), finished: finished)
    #expect(await mainActorRunsMeanwhile(finished))

    fetch.cancel()
    #expect(await fetch.value == .failure(.network(url: path, reason: L10n.Reason.loadCancelled)))
    #expect(logger.entries.last?.message == "Loading the catalog from \(path) was cancelled")
    #if os(Linux)
      // The read stops at its next look (every 50 ms) and closes the pipe: only the holder is
      // left with it open.
      #expect(await eventually { openDescriptors(of: path) == 1 })
    #endif
  }

  @Test("A device that never ends (/dev/zero) fails at the limit, with a message that names it")
  func endlessDevice() async throws {
    let finished = Flag()
    let result = await startFetch(service("/dev/zero", maximumCatalogBytes: 1 << 20), finished: finished).value
    let reason =
      "it is larger than 1 MiB, the most Fun reads from a pipe or a device; save it to a file and use --catalog FILE"
    #expect(result == .failure(.unreadableFile(path: "/dev/zero", reason: L10n.Reason.streamTooLargeMiB(1))))
    #expect(result.failure?.message == "Could not read /dev/zero: \(reason)")
  }

  @Test("A regular file larger than the limit for pipes and devices loads whole")
  func largeRegularFile() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let json = CatalogFixtures.json()
    let path = try directory.write(json, to: "catalog.json")
    let limit = 1_024
    #expect(json.utf8.count > limit)
    let finished = Flag()
    let fetch = startFetch(service(path, maximumCatalogBytes: limit), finished: finished)
    #expect(try await fetch.value.get() == CatalogFixtures.items)
  }

  #if os(Linux)
    /// How many of this process's descriptors have `path` open.
    private nonisolated func openDescriptors(of path: String) -> Int {
      let files = FileManager.default
      let descriptors = (try? files.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return descriptors.count { (try? files.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }
    }
  #endif
}
