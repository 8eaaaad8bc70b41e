import Dispatch
import Foundation
import FunCore
import FunModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a `--catalog` file off the caller's thread, with a bound, and cancellably.
///
/// A regular file is read whole, whatever its size: it has one, and the person chose the file.
/// A pipe (`<(…)`, a FIFO, standard input) or a device has none and may never end
/// (`/dev/zero`), so it is read as an http body is: at most `maximumStreamBytes`, and failing
/// after `idleTimeout` without data. A directory is refused.
///
/// Each read runs on a dispatch queue of its own, whose thread may wait: never on the caller's
/// (the main actor, which must draw frames and take keys meanwhile), never on one of Swift's
/// cooperative pool (which has a thread per core). The file is opened with `O_NONBLOCK`, as
/// opening a FIFO that has no writer would otherwise wait for one, uncancellably, `O_NOCTTY`, as
/// a terminal (`--catalog /dev/pts/3`) would otherwise become the controlling one of a session
/// leader without one, and `O_CLOEXEC`. A pipe or device is read when `poll` says it has data, in waits of at most
/// ``pollInterval`` between which the read looks whether it has been cancelled; a regular file
/// in chunks, looking between them. Cancelling the awaiting task resumes it at once with a
/// cancellation error; the read itself stops within ``pollInterval`` and closes the file.
///
/// Thread-safety: one instance may run many reads at once from any thread.
final class CatalogFileReader: Sendable {
  /// The longest a read waits for data before it looks whether it has been cancelled.
  static let pollInterval: Duration = .milliseconds(50)

  private let maximumStreamBytes: Int
  private let idleTimeout: Duration

  /// - Parameters:
  ///   - maximumStreamBytes: the most read from a pipe or a device.
  ///   - idleTimeout: how long a pipe or a device may go without data.
  init(maximumStreamBytes: Int, idleTimeout: Duration) {
    self.maximumStreamBytes = max(maximumStreamBytes, 1)
    self.idleTimeout = idleTimeout
  }

  /// Whether what is at `path` can be read a second time: a regular file, or nothing yet (a file
  /// that may appear); not a pipe or a device, whose data a first read has taken. A `stat`
  /// only, which never waits for a writer.
  static func canReadAgain(path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return true }
    return info.st_mode & S_IFMT == S_IFREG
  }

  /// The contents of the file at `path`, telling `progress` how many bytes have been read (of
  /// the size, for a regular file) each time another hundredth of it, or another MiB of a pipe,
  /// has come.
  /// - Throws: ``/FunModel/AppError/unreadableFile(path:reason:)`` naming the cause, or
  ///   ``/FunModel/AppError/network(url:reason:)`` when the awaiting task is cancelled (as a
  ///   cancelled load of any source is).
  func read(path: String, progress: @escaping @Sendable (CatalogLoadProgress) -> Void = { _ in }) async throws(AppError)
    -> Data
  {
    let read = CatalogFileRead(
      path: path, maximumStreamBytes: maximumStreamBytes, idleTimeout: idleTimeout, progress: progress)
    return try await read.run().get()
  }
}

/// One read of one file, on a queue of its own; the caller is resumed exactly once, by the read
/// when it ends or by ``cancel()``, whichever comes first.
private final class CatalogFileRead: Sendable {
  private struct State {
    var isCancelled = false
    var continuation: CheckedContinuation<Result<Data, AppError>, Never>?
  }

  /// How a read of the file's bytes ends early.
  private enum Stop: Error {
    case cancelled
    case failed(LocalizedText)
  }

  private let path: String
  private let maximumStreamBytes: Int
  private let idleTimeout: Duration
  private let state = Locked(State())
  private let queue = DispatchQueue(label: "fun.catalog.file")
  private let cancelled: AppError
  private let progress: @Sendable (CatalogLoadProgress) -> Void

  init(
    path: String, maximumStreamBytes: Int, idleTimeout: Duration,
    progress: @escaping @Sendable (CatalogLoadProgress) -> Void
  ) {
    self.path = path
    self.maximumStreamBytes = maximumStreamBytes
    self.idleTimeout = idleTimeout
    self.progress = progress
    cancelled = .network(url: path, reason: L10n.Reason.loadCancelled)
  }

  /// Reads the file on `queue`, until it ends or the awaiting task is cancelled; call once.
  /// Resumed from the queue's thread, or by ``cancel()`` from the cancelling one; only a
  /// cancellation that came first resumes it at once.
  func run() async -> Result<Data, AppError> {
    await withContinuationResumedElsewhere { continuation in
      let isCancelled = state.withLock { state in
        if !state.isCancelled { state.continuation = continuation }
        return state.isCancelled
      }
      guard !isCancelled else {
        continuation.resume(returning: .failure(cancelled))
        return
      }
      queue.async { [self] in
        let result = readFile()
        let continuation = state.withLock { state in
          defer { state.continuation = nil }
          return state.continuation
        }
        continuation?.resume(returning: result)
      }
    } onCancel: { [self] in
      cancel()
    }
  }

  /// Resumes the caller at once with a cancellation error; the read stops at its next look.
  func cancel() {
    let continuation = state.withLock { state in
      state.isCancelled = true
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: .failure(cancelled))
  }

  private var isCancelled: Bool {
    state.withLock { $0.isCancelled }
  }

  // MARK: On the read's queue

  private func readFile() -> Result<Data, AppError> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(unreadable(Self.errorText(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(unreadable(Self.errorText(errno))) }
    do throws(Stop) {
      switch info.st_mode & S_IFMT {
      case S_IFREG: return .success(try readRegularFile(descriptor, size: Int(info.st_size)))
      case S_IFDIR: throw .failed(Self.errorText(EISDIR))
      default: return .success(try readStream(descriptor))
      }
    } catch {
      switch error {
      case .cancelled: return .failure(cancelled)
      case .failed(let reason): return .failure(unreadable(reason))
      }
    }
  }

  /// The whole file, in chunks, looking between them whether the read has been cancelled.
  ///
  /// The chunks are read straight into the result, sized once from `size`: no second copy of a
  /// file that may be hundreds of megabytes. A file that grows meanwhile is read to its end.
  private func readRegularFile(_ descriptor: Int32, size: Int) throws(Stop) -> Data {
    let chunk = 1 << 20
    var data = Data(count: size)
    var filled = 0
    var reportedHundredths = -1
    var tail: [UInt8] = []
    while true {
      guard !isCancelled else { throw .cancelled }
      let count: Int
      if filled < data.count {
        count = data.withUnsafeMutableBytes { bytes in
          systemRead(descriptor, bytes.baseAddress.map { $0 + filled }, min(chunk, bytes.count - filled))
        }
      } else {
        // Past the size `fstat` gave: the file has grown since, or this is the read that finds its end.
        if tail.isEmpty { tail = [UInt8](repeating: 0, count: chunk) }
        count = tail.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
        if count > 0 { data.append(contentsOf: tail[0..<count]) }
      }
      if count > 0 {
        filled += count
        let hundredths = size > 0 ? min(filled, size) * 100 / size : 100
        if hundredths > reportedHundredths {
          reportedHundredths = hundredths
          progress(.reading(bytesRead: filled, totalBytes: max(size, filled)))
        }
      } else if count == 0 {
        data.count = filled
        return data
      } else if errno != EINTR {
        throw .failed(Self.errorText(errno))
      }
    }
  }

  /// What a pipe or device gives until it ends, at most `maximumStreamBytes`, each wait for data
  /// at most ``CatalogFileReader/pollInterval`` and all of them together at most `idleTimeout`
  /// since data last came.
  private func readStream(_ descriptor: Int32) throws(Stop) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    let clock = ContinuousClock()
    var lastData = clock.now
    while true {
      guard !isCancelled else { throw .cancelled }
      let idle = lastData.duration(to: clock.now)
      guard idle < idleTimeout else {
        throw .failed(L10n.Reason.nothingCame(AppError.secondsText(idleTimeout.inSeconds)))
      }
      var readiness = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let wait = min(CatalogFileReader.pollInterval, idleTimeout - idle)
      let ready = poll(&readiness, 1, wait.pollTimeout)
      if ready < 0, errno != EINTR { throw .failed(Self.errorText(errno)) }
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        guard data.count + count <= maximumStreamBytes else {
          throw .failed(
            maximumStreamBytes % (1 << 20) == 0
              ? L10n.Reason.streamTooLargeMiB(maximumStreamBytes >> 20)
              : L10n.Reason.streamTooLargeBytes(maximumStreamBytes))
        }
        data.append(contentsOf: buffer[0..<count])
        lastData = clock.now
        if data.count >> 20 > (data.count - count) >> 20 {
          progress(.reading(bytesRead: data.count, totalBytes: nil))
        }
      } else if count == 0 {
        return data
      } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
        throw .failed(Self.errorText(errno))
      }
    }
  }

  private func unreadable(_ reason: LocalizedText) -> AppError {
    .unreadableFile(path: path, reason: reason)
  }

  /// The system's own text, shown as it came.
  private static func errorText(_ code: Int32) -> LocalizedText {
    .verbatim(String(cString: strerror(code)))
  }
}
