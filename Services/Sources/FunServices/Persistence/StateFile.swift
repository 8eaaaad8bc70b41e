import Foundation
import FunCore
import FunModel

/// One JSON state file (`favorites.json`, `settings.json`) in the state directory.
///
/// - Writes are atomic: a uniquely named temporary file in the same directory is written,
///   `fsync`ed and renamed over the target, so a reader (this process or another) sees the old
///   contents or the new ones, never a torn file. The directory is created on demand.
/// - Only a regular file of this user's, at most its limit (16 MiB unless given), is read,
///   never through a symbolic link and never waiting on a FIFO or a device (see `FileSystem`);
///   anything else where the file belongs is moved aside like a corrupt file. Nothing over the
///   limit is ever written either: the write is refused
///   (``/FunModel/AppError/stateFileTooLarge(name:limit:)``) and the file left as it was.
/// - A file that does not decode, or is not what a state file is, is never fatal: ``read()``
///   moves it aside as `NAME.corrupt-<UTC timestamp>` (with `-2`, `-3`, … when that name is
///   taken) and reports ``/FunModel/AppError/corruptStateFile(name:movedTo:)``; the caller carries
///   on from its defaults. A file of this user's that the system will not let be read
///   (permission denied, an I/O error) holds what is unknown, not what is bad: it is left where
///   it is and reported as ``/FunModel/AppError/unreadableStateFile(name:reason:)``, and callers
///   save nothing over it.
/// - Cross-process safety: atomic renames alone keep the file valid, but two instances doing
///   read-modify-write could still lose each other's changes. ``withLock(_:)`` therefore takes
///   an advisory `flock(2)` on `NAME.lock` beside the file; callers hold it around a re-read,
///   their change and the write, so concurrent writers merge instead of overwriting. The lock
///   is best effort (skipped where the lock file cannot be created).
///
/// Thread-safety: a value type with no mutable state; every method may be called from any
/// thread. Calls are serialised only while inside ``withLock(_:)``.
struct StateFile<Value: Codable & Sendable>: Sendable {
  /// The directory holding the file.
  let directory: URL
  /// The file name, such as `favorites.json`.
  let name: String

  private let now: @Sendable () -> Date
  private let readCalls: FileSystem.ReadCalls
  private let writeCalls: FileSystem.WriteCalls
  private let limit: Int

  /// Describes the file `name` inside `directory`.
  /// - Parameters:
  ///   - directory: The directory holding the file.
  ///   - name: The file name, such as `favorites.json`.
  ///   - limit: The most bytes the file holds: a larger one is set aside when read, and
  ///     larger contents are never written.
  ///   - now: The time source for quarantine names (tests pass a fixed date).
  ///   - readCalls: The call that opens the file (tests make it fail).
  ///   - writeCalls: The calls that save it (tests make one fail).
  init(
    directory: URL,
    name: String,
    limit: Int = FileSystem.stateFileLimit,
    now: @escaping @Sendable () -> Date = { Date() },
    readCalls: FileSystem.ReadCalls = .system,
    writeCalls: FileSystem.WriteCalls = .system
  ) {
    self.directory = directory
    self.name = name
    self.limit = limit
    self.now = now
    self.readCalls = readCalls
    self.writeCalls = writeCalls
  }

  /// The file's location.
  var url: URL {
    directory.appendingPathComponent(name)
  }

  private var path: String {
    url.path
  }

  /// The decoded contents, or `nil` when the file does not exist.
  ///
  /// A file that exists but cannot be read or decoded is moved aside before this throws.
  /// - Throws: ``/FunModel/AppError/corruptStateFile(name:movedTo:)`` once the file has been moved aside;
  ///   ``/FunModel/AppError/unreadableStateFile(name:reason:)`` for a file left where it is;
  ///   ``/FunModel/AppError/stateNotWritable(path:reason:)`` when it could not even be moved.
  func read() throws(AppError) -> Value? {
    try readDocument()?.value
  }

  /// The decoded contents with the top-level members this version does not know, to be given
  /// back to ``write(_:)-(StateDocument<Value>)`` so that a save keeps them; `nil` when the file
  /// does not exist. Throws as ``read()`` does: a file moved aside leaves nothing to keep.
  func readDocument() throws(AppError) -> StateDocument<Value>? {
    guard let data = try readContents() else { return nil }
    do {
      return try Self.decode(StateDocument<Value>.self, from: data)
    } catch {
      throw quarantine(because: nil)
    }
  }

  /// The file's bytes, at most its limit, or `nil` when the file does not exist; for a
  /// file whose contents are not one JSON value (the http catalog's saved copy).
  ///
  /// A file that exists but is not one Fun reads is moved aside before this throws, and one the
  /// system will not let be read is left where it is, as ``read()`` says.
  func readContents() throws(AppError) -> Data? {
    do {
      return try FileSystem.readStateFile(path: path, limit: limit, calls: readCalls)
    } catch {
      if error.isMissing { return nil }
      // A folder on the way that is not what it should be is left alone: moving the file
      // aside would reach through it.
      guard error.path == path else { throw .stateNotWritable(path: error.path, reason: error.reason) }
      if case .system = error.cause { throw .unreadableStateFile(name: name, reason: error.reason) }
      throw quarantine(because: error)
    }
  }

  /// Decodes the file's contents as ``read()`` does.
  static func decode(_ data: Data) throws -> Value {
    try decode(Value.self, from: data)
  }

  private static func decode<Contents: Decodable>(_ type: Contents.Type, from data: Data) throws -> Contents {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = Self.dateDecoding
    return try decoder.decode(type, from: data)
  }

  /// Dates as Foundation's `.iso8601` strategy reads them, but only those it also writes back
  /// readably: it writes an instant before year 0 (read from `0000-01-01T00:00:00+01:00`) with
  /// a negative year, which it cannot read, so a save would leave a file the next start sets
  /// aside as corrupt.
  private static var dateDecoding: JSONDecoder.DateDecodingStrategy {
    .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      let iso8601 = Date.ISO8601FormatStyle()
      guard let date = try? iso8601.parse(text), (try? iso8601.parse(date.formatted(iso8601))) != nil else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
      }
      return date
    }
  }

  /// Replaces the file with `value` alone, atomically: for a new file, or one whose other
  /// members need not be kept.
  /// - Throws: as ``write(_:)-(StateDocument<Value>)``.
  func write(_ value: Value) throws(AppError) {
    try write(StateDocument(value))
  }

  /// Replaces the file with `document`, atomically: the value's members and, beside them, the
  /// members ``readDocument()`` found that this version does not know.
  /// - Throws: ``/FunModel/AppError/stateFileTooLarge(name:limit:)`` for contents over the
  ///   file's limit; ``/FunModel/AppError/stateNotWritable(path:reason:)`` naming the path that
  ///   failed and the system's reason. The previous file, if any, is left untouched.
  func write(_ document: StateDocument<Value>) throws(AppError) {
    let data: Data
    do {
      data = try Self.encode(document)
    } catch {
      throw .stateNotWritable(path: path, reason: L10n.Reason.cannotEncodeState(String(describing: error)))
    }
    try writeContents(data)
  }

  /// Replaces the file with `data`, atomically, as ``write(_:)`` does.
  func writeContents(_ data: Data) throws(AppError) {
    do {
      try FileSystem.writeAtomically(data, to: path, limit: limit, calls: writeCalls)
    } catch {
      if case .tooLarge(let limit) = error.cause { throw .stateFileTooLarge(name: name, limit: limit) }
      throw .stateNotWritable(path: error.path, reason: error.reason)
    }
  }

  /// The file's contents for `value`, as ``write(_:)`` saves them: sorted keys, indented, dates
  /// in ISO 8601 to the second in UTC (`2025-01-01T00:00:00Z`), a newline at the end.
  static func encode(_ value: Value) throws -> Data {
    try encode(StateDocument(value))
  }

  private static func encode(_ document: StateDocument<Value>) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    return try encoder.encode(document) + Data("\n".utf8)
  }

  /// The file's change stamp now; `nil` when it does not exist. Comparing it with the stamp
  /// seen after the last read or write says, without reading, whether another instance has
  /// saved since.
  func changeStamp() -> FileSystem.ChangeStamp? {
    FileSystem.changeStamp(path: path)
  }

  /// Runs `body` holding the advisory lock on `NAME.lock`, so that a read-modify-write is not
  /// interleaved with another one in this or another process.
  func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    try FileLock(path: path + ".lock").withLock(body)
  }

  /// Moves the unreadable file aside and returns the error that says where it went: corrupt,
  /// or, when `unsafe` says so, not something Fun reads (a link, a FIFO, another user's). Call it
  /// holding the lock.
  func quarantine(because unsafe: FileSystem.Failure?) -> AppError {
    let destination: String
    do {
      destination = try FileSystem.moveAside(path, at: now())
    } catch {
      return .stateNotWritable(path: path, reason: L10n.Reason.unreadableNotMovedAside(error.reason))
    }
    switch unsafe?.cause {
    case nil, .system: return .corruptStateFile(name: name, movedTo: destination)
    case .some: return .unsafeStateFile(name: name, reason: unsafe?.reason ?? .verbatim(""), movedTo: destination)
    }
  }
}
