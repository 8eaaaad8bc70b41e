/// One cell of a ``Canvas``: a grapheme cluster and its style.
///
/// A wide character (two columns) is stored in its first cell; the cell to its right is a
/// continuation cell that holds nothing of its own and is never written to the terminal.
struct Cell: Hashable, Sendable {
  /// The grapheme shown in this cell; a space for a blank or continuation cell.
  var grapheme: Character
  /// How the cell looks.
  var style: Style
  /// Whether this is the right half of a wide character that starts in the cell to its left.
  var isContinuation: Bool

  /// Creates a cell.
  init(grapheme: Character, style: Style = .plain, isContinuation: Bool = false) {
    self.grapheme = grapheme
    self.style = style
    self.isContinuation = isContinuation
  }

  /// A blank cell with `style` (its background shows).
  static func blank(_ style: Style = .plain) -> Cell {
    Cell(grapheme: " ", style: style)
  }
}
