import FunFrontend

/// The wire protocol between `fun --open URL` and a running `fun`, over `<state>/fun.sock`.
///
/// One request and one reply per connection, each a line of UTF-8 ending in `\n`:
///
/// | from | line | meaning |
/// |---|---|---|
/// | client | `open <url>` | route `url` as a notification tap would |
/// | app | `ok` | the app has taken the link; it routes it (or holds it until sign-in) |
/// | app | `error <reason>` | the request was refused (malformed, or not a link Fun knows) |
///
/// A request is at most ``maximumLength`` bytes, its newline included; a trailing `\r` before
/// the newline is allowed, so `nc -C` works. The app closes the connection after its reply, and
/// closes one that sends too much, too little or too slowly without waiting any longer.
enum LinkHandoffMessage {
  /// The longest request, its newline included.
  static let maximumLength = 4096
  /// The longest reason an `error` reply carries, in characters.
  static let maximumReasonLength = 200

  /// A reply from the app.
  enum Reply: Equatable {
    /// `ok`: the app has taken the link.
    case accepted
    /// `error <reason>`.
    case refused(String)

    /// The line sent, with its newline.
    var bytes: [UInt8] {
      switch self {
      case .accepted: Array("ok\n".utf8)
      case .refused(let reason): Array("error \(LinkHandoffMessage.oneLine(reason))\n".utf8)
      }
    }

    /// Reads a reply line (without its newline); `nil` for anything else.
    init?(line: some Collection<UInt8>) {
      guard let text = String(validating: line, as: UTF8.self) else { return nil }
      if text == "ok" {
        self = .accepted
      } else if text.hasPrefix("error ") {
        self = .refused(LinkHandoffMessage.oneLine(String(text.dropFirst("error ".count))))
      } else {
        return nil
      }
    }
  }

  /// Why a request line was refused.
  struct Malformed: Error, Equatable {
    /// The reason, for the reply and the log.
    let reason: String
  }

  /// The request line for `url`, with its newline.
  static func request(opening url: String) -> [UInt8] {
    Array("open \(url)\n".utf8)
  }

  /// The URL a request line (without its newline) asks to open.
  static func url(inRequest line: some Collection<UInt8>) throws(Malformed) -> String {
    var line = Array(line)
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard let text = String(validating: line, as: UTF8.self) else {
      throw Malformed(reason: "the request is not UTF-8")
    }
    guard text.hasPrefix("open ") else {
      throw Malformed(reason: "unknown request: expected `open <url>`")
    }
    let url = String(text.dropFirst("open ".count))
    guard !url.isEmpty else { throw Malformed(reason: "`open` needs a URL") }
    return url
  }

  /// `text` made safe for one line of a reply or of the log: no control characters or escape
  /// sequences (a client's bytes never reach a terminal that shows the log), at most
  /// ``maximumReasonLength`` characters.
  static func oneLine(_ text: String) -> String {
    let clean = TextSanitizer.sanitize(text)
    return clean.count > maximumReasonLength ? String(clean.prefix(maximumReasonLength - 1)) + "…" : clean
  }
}
