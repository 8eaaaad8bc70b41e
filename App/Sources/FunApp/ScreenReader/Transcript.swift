/// What the screen reader said after one script command, as `says` and `expect` check it in
/// screen-reader mode.
///
/// `says <line>` checks the lines in order, each exactly; once a `says` has checked a command's
/// lines, the next command (or the end of the script) fails if any line went unchecked, so a flow
/// that names what was said names all of it. `expect` and `expect-not` look at the whole text.
struct Transcript {
  /// Every line said, in order.
  let lines: [String]
  /// How many of ``lines`` `says` has checked.
  private var checked = 0

  /// The lines a command said.
  init(_ lines: [String] = []) {
    self.lines = lines
  }

  /// The lines as one text, for `expect`.
  var text: String {
    lines.joined(separator: "\n")
  }

  /// Checks that the next unchecked line is exactly `line`.
  mutating func says(_ line: String) throws(ScriptFailure) {
    guard checked < lines.count else {
      throw ScriptFailure("expected it to say \"\(line)\", but it said nothing more")
    }
    guard lines[checked] == line else {
      throw ScriptFailure("expected it to say \"\(line)\", but it said \"\(lines[checked])\"")
    }
    checked += 1
  }

  /// Before `command` (`nil`: the end of the script) runs, unless it is a check itself: the
  /// failure when `says` checked some of the lines but not all, naming the first it left.
  func unchecked(before command: ScriptCommand?) -> ScriptFailure? {
    if command?.isExpectation == true { return nil }
    guard checked > 0, checked < lines.count else { return nil }
    return ScriptFailure("it also said \"\(lines[checked])\", which no `says` names")
  }
}
