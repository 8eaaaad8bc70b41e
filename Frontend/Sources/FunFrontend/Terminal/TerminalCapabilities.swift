/// What a terminal should receive, decided from the environment and the command line.
///
/// - `NO_COLOR` set to anything but the empty string (no-color.org) or `--no-color`: no colour,
///   attributes kept (``StyleSupport/attributesOnly``).
/// - `TERM=dumb`: no styling at all (``StyleSupport/none``); it wins over `NO_COLOR`. Nor can
///   such a terminal move its cursor, so frames are printed one after another as plain lines
///   (``addressesCursor`` is `false`).
/// - Otherwise colours and attributes (``StyleSupport/full``).
///
/// ``reportsMouse`` (on unless `--no-mouse`) asks the terminal for mouse reports while
/// full-screen. ``bracketsPaste`` (off only under `TERM=dumb`) asks it to mark a paste as one,
/// full-screen or not.
///
/// `fallbackSize` is the size to assume when the terminal cannot be asked: `COLUMNS` and
/// `LINES` when set, else 80x24.
public struct TerminalCapabilities: Hashable, Sendable {
  /// How much styling reaches the terminal.
  public var styleSupport: StyleSupport
  /// The size to use when the terminal does not report one.
  var fallbackSize: TerminalSize
  /// Whether the terminal understands cursor movement and the alternate screen; when not,
  /// each changed frame is printed in full below the last.
  public var addressesCursor: Bool
  /// Whether to ask for mouse reports (clicks and the wheel) while full-screen; `--no-mouse`
  /// turns it off, leaving the terminal's own selection and scrolling alone.
  public var reportsMouse = true
  /// Whether to ask the terminal for bracketed paste (mode 2004), so that a paste arrives as
  /// text and never as key presses: a pasted newline must not be Enter, nor a pasted `f` a
  /// favorite. Every terminal but a dumb one takes it, including one that only gets plain lines
  /// (screen-reader mode), where it is the one escape sequence sent.
  public var bracketsPaste: Bool

  /// Creates capabilities directly (tests, headless runs); a terminal that addresses its cursor
  /// brackets pastes.
  public init(styleSupport: StyleSupport = .full, fallbackSize: TerminalSize = .standard, addressesCursor: Bool = true)
  {
    self.styleSupport = styleSupport
    self.fallbackSize = fallbackSize
    self.addressesCursor = addressesCursor
    bracketsPaste = addressesCursor
  }

  /// Reads `NO_COLOR`, `TERM`, `COLUMNS` and `LINES` from `environment`; `noColorFlag` is
  /// `--no-color`.
  public init(environment: [String: String], noColorFlag: Bool = false) {
    let isDumb = environment["TERM"] == "dumb"
    let noColor = noColorFlag || !(environment["NO_COLOR"] ?? "").isEmpty
    styleSupport = isDumb ? .none : noColor ? .attributesOnly : .full
    addressesCursor = !isDumb
    bracketsPaste = !isDumb
    let columns = environment["COLUMNS"].flatMap { Int($0) }
    let rows = environment["LINES"].flatMap { Int($0) }
    fallbackSize = TerminalSize(
      columns: columns.flatMap { $0 > 0 ? $0 : nil } ?? TerminalSize.standard.columns,
      rows: rows.flatMap { $0 > 0 ? $0 : nil } ?? TerminalSize.standard.rows
    )
  }
}
