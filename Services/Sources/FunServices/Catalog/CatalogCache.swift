import Foundation
import FunModel

/// The http catalog's saved copy: the body a server last sent for a URL, with the validators
/// (`ETag`, `Last-Modified`) that ask it whether that body is still current, in one file of the
/// state folder, `http-catalog.cache`.
///
/// It keeps the state-file rules (see `StateFile` and `FileSystem`): written atomically under
/// the file's lock, read only if it is a regular file of this user's and never through a link,
/// and a file that cannot be read or parsed is moved aside as
/// `http-catalog.cache.corrupt-<UTC timestamp>`. Its bound is the http catalog's plus a header,
/// not a state file's 16 MiB.
///
/// The body is kept exactly as the server sent it, so saving and reading it back costs no
/// encoding: a line naming the format, a line of JSON about the copy, then the body.
///
///     fun-catalog-cache 1
///     {"etag":"\"5d8c\"","savedAt":"2025-01-01T00:00:00Z","url":"http://127.0.0.1:8000/catalog.json"}
///     {"items":[…]}
///
/// The file holds one URL's copy (the app loads one catalog): a copy of another URL is no copy
/// of this one, and the next download replaces it.
///
/// Thread-safety: a value type; reads and writes from any thread or process are serialised by
/// the file's lock.
struct CatalogCache: Sendable {
  /// One saved response.
  struct Copy: Sendable, Equatable {
    /// The URL it was downloaded from, without the user name and password it may hold: a
    /// secret the state folder has no need to keep.
    var url: String
    /// The response's `ETag`, sent back as `If-None-Match`.
    var etag: String?
    /// The response's `Last-Modified`, sent back as `If-Modified-Since`.
    var lastModified: String?
    /// When it was downloaded.
    var savedAt: Date
    /// The body, as the server sent it.
    var body: Data
  }

  /// Why bytes are not a saved copy.
  struct FormatError: Error, Equatable {
    let reason: String
  }

  /// What the JSON line holds.
  struct Header: Codable, Sendable {
    var url: String
    var etag: String?
    var lastModified: String?
    var savedAt: Date
  }

  /// The file's name in the state folder.
  static let fileName = "http-catalog.cache"
  /// The first line; another version is not read.
  static let formatLine = "fun-catalog-cache 1"
  /// The most the first two lines may take.
  static let headerLimit = 64 << 10

  /// The file; its JSON codec reads the header line, its lock and quarantine guard the whole file.
  private let file: StateFile<Header>

  /// The saved copy in `directory`, with bodies of at most `maximumBodyBytes`.
  /// - Parameter now: the time source for the names of files moved aside.
  init(directory: URL, maximumBodyBytes: Int, now: @escaping @Sendable () -> Date) {
    file = StateFile(directory: directory, name: Self.fileName, limit: maximumBodyBytes + Self.headerLimit, now: now)
  }

  /// The file's location.
  var url: URL {
    file.url
  }

  /// The copy saved for `url`; `nil` when there is none, or only another URL's.
  /// - Throws: ``/FunModel/AppError/corruptStateFile(name:movedTo:)`` or
  ///   ``/FunModel/AppError/unsafeStateFile(name:reason:movedTo:)`` once a file that cannot be read
  ///   or parsed has been moved aside; ``/FunModel/AppError/stateNotWritable(path:reason:)`` when it
  ///   could not be.
  func read(for url: URL) throws(AppError) -> Copy? {
    try file.withLock { () throws(AppError) -> Copy? in
      guard let data = try file.readContents() else { return nil }
      let copy: Copy
      do {
        copy = try Self.decode(data)
      } catch {
        throw file.quarantine(because: nil)
      }
      return copy.url == url.withoutCredentials ? copy : nil
    }
  }

  /// Replaces the saved copy with `copy`, atomically, and returns what was saved: `copy`, or
  /// `copy` without its validators when they would take the header past ``headerLimit``.
  /// - Throws: ``/FunModel/AppError/stateNotWritable(path:reason:)``, or
  ///   ``/FunModel/AppError/stateFileTooLarge(name:limit:)`` past the limit the file is read with;
  ///   the previous file is left as it was.
  @discardableResult
  func write(_ copy: Copy) throws(AppError) -> Copy {
    let data: Data
    let saved: Copy
    do {
      (data, saved) = try Self.encode(copy)
    } catch {
      throw .stateNotWritable(
        path: file.url.path, reason: L10n.Reason.cannotEncodeSavedCatalog(String(describing: error)))
    }
    try file.withLock { () throws(AppError) in try file.writeContents(data) }
    return saved
  }

  /// Moves the saved copy aside as corrupt (its body is no catalog) unless it has changed since
  /// `copy` was read from it, and returns the error to report; `nil` when it had changed.
  func setAside(_ copy: Copy) -> AppError? {
    file.withLock {
      guard let data = try? file.readContents(),
        (try? Self.decode(data)) == copy
      else { return nil }
      return file.quarantine(because: nil)
    }
  }

  /// Parses the file's bytes.
  static func decode(_ data: Data) throws(FormatError) -> Copy {
    let newline = UInt8(ascii: "\n")
    let head = data.prefix(headerLimit)
    guard let formatEnd = head.firstIndex(of: newline),
      String(decoding: head[head.startIndex..<formatEnd], as: UTF8.self) == formatLine
    else { throw FormatError(reason: "it does not start with \"\(formatLine)\"") }
    guard let headerEnd = head[(formatEnd + 1)...].firstIndex(of: newline) else {
      throw FormatError(reason: "its header does not end within \(headerLimit >> 10) KiB")
    }
    let header: Header
    do {
      header = try StateFile<Header>.decode(data[(formatEnd + 1)..<headerEnd])
    } catch {
      throw FormatError(reason: "its header is not valid: \(error)")
    }
    return Copy(
      url: header.url, etag: header.etag, lastModified: header.lastModified, savedAt: header.savedAt,
      body: data[(headerEnd + 1)...])
  }

  /// The file's bytes for `copy`, as ``decode(_:)`` reads them, and the copy they hold.
  ///
  /// Never more header than ``decode(_:)`` reads: a server's `ETag` can be hundreds of kilobytes,
  /// and a copy saved with it would be set aside as corrupt at every start. Validators that do
  /// not fit are left out (a copy without them is still a copy, downloaded again in full);
  /// a URL that does not fit leaves nothing to save.
  static func encode(_ copy: Copy) throws -> (data: Data, saved: Copy) {
    var saved = copy
    var head = try header(of: saved)
    if head.count > headerLimit {
      saved.etag = nil
      saved.lastModified = nil
      head = try header(of: saved)
    }
    guard head.count <= headerLimit else {
      throw FormatError(reason: "its URL takes the header past \(headerLimit >> 10) KiB")
    }
    return (head + copy.body, saved)
  }

  /// The first two lines for `copy`, newlines included.
  private static func header(of copy: Copy) throws -> Data {
    let encoder = JSONEncoder()
    // One line: a JSON encoder escapes every newline inside a string.
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    let header = Header(url: copy.url, etag: copy.etag, lastModified: copy.lastModified, savedAt: copy.savedAt)
    var data = Data((formatLine + "\n").utf8)
    data.append(try encoder.encode(header))
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
