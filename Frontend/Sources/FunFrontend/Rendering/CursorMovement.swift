/// The ANSI sequences that move the cursor, in their shortest forms.
enum CursorMovement {
  /// CUP to `point` (1-based on the wire), leaving out parameters that default to 1.
  static func absolute(_ point: Point) -> String {
    switch (point.row, point.column) {
    case (0, 0): "\u{1B}[H"
    case (_, 0): "\u{1B}[\(point.row + 1)H"
    default: "\u{1B}[\(point.row + 1);\(point.column + 1)H"
    }
  }

  /// The shortest move along a row from column `start` to column `end`: carriage return,
  /// cursor forward or back (CUF/CUB), or horizontal absolute (CHA).
  static func relative(from start: Int, to end: Int) -> String {
    if end == 0 {
      return "\r"
    }
    let distance = end - start
    let step =
      switch distance {
      case 1: "\u{1B}[C"
      case -1: "\u{1B}[D"
      case 2...: "\u{1B}[\(distance)C"
      default: "\u{1B}[\(-distance)D"
      }
    let horizontalAbsolute = "\u{1B}[\(end + 1)G"
    return horizontalAbsolute.utf8.count < step.utf8.count ? horizontalAbsolute : step
  }
}
