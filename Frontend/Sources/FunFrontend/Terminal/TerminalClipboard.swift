import Foundation
import FunModel

/// The clipboard of the terminal the app runs in: text goes out as an OSC 52 sequence
/// (`ESC ] 52 ; c ; <base64> BEL`), which xterm, iTerm2, kitty, WezTerm, foot, Windows Terminal
/// and tmux (with `set-clipboard on`) put on the system clipboard, even over ssh. A terminal
/// that does not allow it ignores the sequence, and none says which it did.
///
/// The text is sanitised first (no control characters or escape sequences reach the clipboard,
/// to be pasted somewhere later) and cut to `maximumBytes` on a character boundary, within
/// what terminals accept. The sequence goes through the terminal's writer, which writes each
/// frame whole under its lock, so it never lands inside a frame.
public struct TerminalClipboard: ClipboardService {
  /// The most UTF-8 bytes of text copied: well under the limits terminals set (xterm 100 000
  /// base64 bytes by default, tmux and others less).
  static let maximumBytes = 8 * 1024

  private let terminal: any Terminal

  /// A clipboard writing to `terminal`.
  public init(terminal: any Terminal) {
    self.terminal = terminal
  }

  public func copy(_ text: String) -> Bool {
    terminal.write(Self.sequence(copying: text))
    return true
  }

  /// The OSC 52 sequence that puts `text` (sanitised, at most ``maximumBytes``) on the clipboard.
  static func sequence(copying text: String) -> String {
    var kept = ""
    var count = 0
    for character in TextSanitizer.sanitize(text) {
      let length = character.utf8.count
      guard count + length <= maximumBytes else { break }
      kept.append(character)
      count += length
    }
    return "\u{1B}]52;c;" + Data(kept.utf8).base64EncodedString() + "\u{07}"
  }
}
