import Foundation
import FunCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin POSIX file helpers that report `errno` as text, so every `AppError` built from them
/// names the real cause ("Permission denied", "Not a directory") instead of a generic Cocoa
/// message.
enum FileSystem {
  /// A failed system call: its `errno` and the path it concerned.
  struct Failure: Error {
    let path: String
    let code: Int32

    var reason: String {
      String(cString: strerror(code))
    }

    /// Whether the path simply does not exist (or a parent is not a directory).
    var isMissing: Bool {
      code == ENOENT || code == ENOTDIR
    }
  }

  /// The whole contents of the file at `path`.
  static func read(path: String) throws(Failure) -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Failure(path: path, code: errno) }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        systemRead(descriptor, raw.baseAddress, raw.count)
      }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 {
        return data
      } else if errno != EINTR {
        throw Failure(path: path, code: errno)
      }
    }
  }

  /// Creates `path` and its missing parents (like `mkdir -p`).
  static func makeDirectory(path: String) throws(Failure) {
    if mkdir(path, 0o755) == 0 { return }
    let code = errno
    switch code {
    case EEXIST:
      guard isDirectory(path: path) else { throw Failure(path: path, code: ENOTDIR) }
    case ENOENT:
      let parent = (path as NSString).deletingLastPathComponent
      guard !parent.isEmpty, parent != path else { throw Failure(path: path, code: code) }
      try makeDirectory(path: parent)
      if mkdir(path, 0o755) != 0, errno != EEXIST {
        throw Failure(path: path, code: errno)
      }
    default:
      throw Failure(path: path, code: code)
    }
  }

  /// Whether something exists at `path` (without following a final symbolic link).
  static func exists(path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }

  /// Replaces the file at `path` with `data` atomically: readers see the old contents or the
  /// new ones, never a mix, even across processes and crashes.
  ///
  /// Writes a uniquely named temporary file in the same directory, `fsync`s it, then
  /// `rename(2)`s it over the target. The directory is created on demand.
  static func writeAtomically(_ data: Data, to path: String) throws(Failure) {
    let directory = (path as NSString).deletingLastPathComponent
    try makeDirectory(path: directory)
    let name = (path as NSString).lastPathComponent
    let temporary = (directory as NSString)
      .appendingPathComponent(".\(name).tmp-\(getpid())-\(UUID().uuidString)")
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure(path: directory, code: errno) }
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      try writeAll(data, to: descriptor, path: temporary)
      if fsync(descriptor) != 0 { throw Failure(path: temporary, code: errno) }
    }
    guard rename(temporary, path) == 0 else { throw Failure(path: path, code: errno) }
    renamed = true
  }

  /// Renames `source` to `destination`, replacing nothing the caller has not checked.
  static func move(_ source: String, to destination: String) throws(Failure) {
    guard rename(source, destination) == 0 else { throw Failure(path: source, code: errno) }
  }

  /// Removes the file at `path`; a file that is already gone is not an error.
  static func removeFile(path: String) throws(Failure) {
    guard unlink(path) == 0 || errno == ENOENT else { throw Failure(path: path, code: errno) }
  }

  /// The names in the directory at `path`, without `.` and `..`, in no particular order
  /// (empty when it cannot be listed).
  static func names(inDirectory path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." {
        names.append(name)
      }
    }
    return names
  }

  /// Whether `path` is a directory (following symbolic links).
  static func isDirectory(path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(Failure) {
    if let code = data.withUnsafeBytes({ FileDescriptorWriter.writeAll(descriptor, $0) }) {
      throw Failure(path: path, code: code)
    }
  }
}

// A file-scope wrapper, because inside `FileSystem` the name `read` means its own method.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
