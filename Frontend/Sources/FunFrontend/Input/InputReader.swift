import Foundation
import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads key presses from a file descriptor (the terminal's stdin) as an async stream.
///
/// Each call to ``keys()`` starts a dedicated thread that waits for input with `poll`, decodes
/// it with a `KeyDecoder` and yields the keys in order, all the keys of one read together:
/// the app handles a batch and then draws once, so 200 characters typed or pasted into a field
/// (which a terminal delivers in one or a few reads) show in one frame, not 200.
///
/// When a partial sequence is pending and no byte follows within `escapeTimeout`, the
/// reader flushes it, which is how a bare Escape key is told from the start of an arrow key's
/// sequence. The stream ends at end of input or on
/// a read error; ending the iteration (or cancelling its task) stops the thread within
/// `idlePollInterval`.
///
/// The descriptor should be in raw mode (``TTYTerminal/enterFullScreen()``); the reader never
/// changes terminal settings and never closes the descriptor. Read a descriptor with one
/// stream at a time: two would each get some of the bytes.
///
/// The reading thread lets SIGTTIN through, whatever the thread that started it blocks (Swift's
/// executors run on dispatch threads, which block most signals): a job continued in the
/// background (`bg`) that reads the terminal is then stopped by the kernel, as job control
/// expects, until `fg`. With the signal blocked the read would fail with EIO instead, which
/// looks like the end of input and would end the app.
public struct InputReader: Sendable {
  /// The descriptor read from.
  let fileDescriptor: Int32
  /// How long a pending partial sequence waits for its next byte before it is taken as typed.
  let escapeTimeout: Duration
  /// How often an idle reader checks whether its stream has ended.
  let idlePollInterval: Duration

  /// Creates a reader of `fileDescriptor` (stdin by default).
  public init(
    fileDescriptor: Int32 = STDIN_FILENO,
    escapeTimeout: Duration = .milliseconds(50),
    idlePollInterval: Duration = .milliseconds(200)
  ) {
    self.fileDescriptor = fileDescriptor
    self.escapeTimeout = escapeTimeout
    self.idlePollInterval = idlePollInterval
  }

  /// A stream of the keys read from now on, a batch per read (never empty); it finishes at
  /// end of input.
  public func keys() -> AsyncStream<[Key]> {
    let (stream, continuation) = AsyncStream<[Key]>.makeStream()
    let isStopped = Flag()
    continuation.onTermination = { _ in isStopped.set() }
    let reader = self
    let thread = Thread {
      reader.run(yieldingTo: continuation, until: isStopped)
    }
    thread.name = "fun.input"
    thread.start()
    return stream
  }

  private func run(yieldingTo continuation: AsyncStream<[Key]>.Continuation, until isStopped: Flag) {
    var backgroundRead = sigset_t()
    sigemptyset(&backgroundRead)
    sigaddset(&backgroundRead, SIGTTIN)
    pthread_sigmask(SIG_UNBLOCK, &backgroundRead, nil)
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    readLoop: while !isStopped.isSet {
      let timeout = decoder.hasPending ? escapeTimeout : idlePollInterval
      var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, timeout.pollTimeout)
      if ready < 0 {
        if errno == EINTR { continue }
        break readLoop
      }
      if ready == 0 {
        yield(decoder.flushPending(), to: continuation)
        continue
      }
      let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
      switch count {
      case ..<0 where errno == EINTR || errno == EAGAIN:
        continue
      case ...0:
        break readLoop
      default:
        yield(decoder.feed(Array(buffer[0..<count])), to: continuation)
      }
    }
    yield(decoder.flushPending(), to: continuation)
    continuation.finish()
  }

  private func yield(_ keys: [Key], to continuation: AsyncStream<[Key]>.Continuation) {
    guard !keys.isEmpty else { return }
    continuation.yield(keys)
  }
}
