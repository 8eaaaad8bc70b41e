import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A short-lived folder under `/tmp` for every test whose `fun` or listener makes a socket.
///
/// A socket's path must fit its address: 103 bytes on macOS, 107 on Linux. `$TMPDIR` on macOS is
/// 48 bytes (`/var/folders/…/T/`), so a folder there pushes `<folder>/state/fun.sock` past both;
/// this one's `<folder>/state/fun.sock` is 37 bytes at most (``longestSocketPath``). Its path is
/// canonical (macOS's `/tmp` is `/private/tmp`), as `fun` makes its state folder's, so a path
/// the app logs reads the same as the test's.
public struct SocketDirectory: Sendable {
  /// The folder.
  public let path: String

  /// The socket path of a `fun` whose state folder is `state` in the longest folder this type
  /// makes (`/private/tmp/fun-XXXXXX` on macOS).
  public static let longestSocketPath = "/private/tmp/fun-XXXXXX/state/fun.sock"

  /// Creates the folder (mode 0700, as `mkdtemp` makes it).
  public init() throws(SocketFailure) {
    var template = Array("/tmp/fun-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }
    }
    guard let made, let resolved = realpath(made, nil) else {
      throw SocketFailure(call: "mkdtemp", code: errno)
    }
    path = String(cString: resolved)
    free(resolved)
  }

  /// The path of `name` inside the folder.
  public func path(_ name: String) -> String {
    path + "/" + name
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
