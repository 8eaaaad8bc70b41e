import Foundation

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
///
/// `open ` and `error ` are matched byte by byte, not as characters: a URL or a reason that
/// starts with a combining mark joins the space before it into one character, and the line
/// would not read back as what was sent.
///
/// Text from the other end is made one line by a sanitiser the caller gives (the app's
/// terminal sanitiser), then cut to ``maximumReasonLength``: the hand-off moves strings and
/// knows nothing of terminals.
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

    /// The line sent, with its newline; a reason made one line by `sanitize` (see
    /// ``LinkHandoffMessage/oneLine(_:sanitize:)``).
    func bytes(sanitize: (String) -> String) -> [UInt8] {
      switch self {
      case .accepted: Array("ok\n".utf8)
      case .refused(let reason): Array("error \(LinkHandoffMessage.oneLine(reason, sanitize: sanitize))\n".utf8)
      }
    }

    /// Reads a reply line (without its newline), a reason made one line by `sanitize`; `nil`
    /// for anything else.
    init?(line: some Collection<UInt8>, sanitize: (String) -> String) {
      let refusal = "error ".utf8
      if line.elementsEqual("ok".utf8) {
        self = .accepted
      } else if line.starts(with: refusal),
        let reason = String(validating: line.dropFirst(refusal.count), as: UTF8.self)
      {
        self = .refused(LinkHandoffMessage.oneLine(reason, sanitize: sanitize))
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

  /// The request line for `url`, with its newline. A line break in `url` would end the line
  /// early (and a CR before it would be taken for `nc -C`'s), so CR and LF travel
  /// percent-encoded, as a link's text may spell them: the app's deep-link parser reads them
  /// back as the characters they were. The bytes are replaced, not the characters: a string
  /// search takes a line break and a combining mark after it for one character and skips it.
  static func request(opening url: String) -> [UInt8] {
    let oneLine = url.utf8.flatMap { byte -> [UInt8] in
      switch byte {
      case UInt8(ascii: "\r"): Array("%0D".utf8)
      case UInt8(ascii: "\n"): Array("%0A".utf8)
      default: [byte]
      }
    }
    return Array("open ".utf8) + oneLine + [UInt8(ascii: "\n")]
  }

  /// The URL a request line (without its newline) asks to open.
  static func url(inRequest line: some Collection<UInt8>) throws(Malformed) -> String {
    var line = Array(line)
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard String(validating: line, as: UTF8.self) != nil else {
      throw Malformed(reason: "the request is not UTF-8")
    }
    let verb = "open ".utf8
    guard line.starts(with: verb) else {
      throw Malformed(reason: "unknown request: expected `open <url>`")
    }
    let url = String(decoding: line.dropFirst(verb.count), as: UTF8.self)
    guard !url.isEmpty else { throw Malformed(reason: "`open` needs a URL") }
    return url
  }

  /// `text` made safe for one line of a reply or of the log by `sanitize` (no control
  /// characters or escape sequences: a client's bytes never reach a terminal that shows the log
  /// or the reply), at most ``maximumReasonLength`` characters. A line break `sanitize` left is
  /// a space all the same: the line is the protocol's frame.
  static func oneLine(_ text: String, sanitize: (String) -> String) -> String {
    shortened(String(sanitize(text).map { $0.isNewline ? " " : $0 }))
  }

  /// `text` cut to at most ``maximumReasonLength`` characters, ending in `…` when cut: a reason
  /// quotes what the client sent, which may be thousands of bytes.
  static func shortened(_ text: String) -> String {
    text.count > maximumReasonLength ? String(text.prefix(maximumReasonLength - 1)) + "…" : text
  }
}
