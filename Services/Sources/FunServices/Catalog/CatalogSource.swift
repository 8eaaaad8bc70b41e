import Foundation
import FunModel

/// Where the catalog comes from: the copy bundled with the app, a JSON file, or a web server.
///
/// Parsed from the `--catalog PATH|URL` argument by ``init(argument:)``.
enum CatalogSource: Hashable, Sendable, CustomStringConvertible {
  /// The catalog compiled into FunServices (from its Resources/catalog.json).
  case bundled
  /// A JSON file on disk.
  case file(path: String)
  /// An `http` or `https` URL fetched with URLSession, in process.
  case remote(URL)

  /// Parses a `--catalog` value: `http://…` or `https://…` (any case) is remote, a `file://`
  /// URL is that file, anything else is a file path (relative to the current directory).
  ///
  /// Never fails: a value that is not usable shows up as a clear ``/FunModel/AppError`` at load time.
  init(argument: String) {
    let lowered = argument.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), let url = URL(string: argument) {
      self = .remote(url)
    } else if lowered.hasPrefix("file://"), let url = URL(string: argument), url.isFileURL {
      self = .file(path: url.path)
    } else {
      self = .file(path: argument)
    }
  }

  /// The kind of source and where it is, as ``/FunModel/CatalogStatus`` reports it: a URL's
  /// user name and password are left out, as the screen is no place for them.
  var kind: CatalogStatus.Source {
    switch self {
    case .bundled: .bundled
    case .file(let path): .file(path: path)
    case .remote(let url):
      .http(url: url.withoutCredentials)
    }
  }

  /// How messages name the source: `the bundled catalog`, the path, or the URL (without
  /// credentials).
  var description: String {
    switch self {
    case .bundled: "the bundled catalog"
    case .file(let path): path
    case .remote(let url): url.withoutCredentials
    }
  }
}
