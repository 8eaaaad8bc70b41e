import Foundation
import Testing

@testable import FunApp
@testable import FunFrontend
@testable import FunModel

@Suite("HelpLayout")
struct HelpLayoutTests {
  /// Every word of `text`, in order, whatever the lines.
  private func words(_ text: String) -> [Substring] {
    text.split { $0 == " " || $0 == "\n" }
  }

  @Test("A row's text wraps under the column it starts in, between words, none lost")
  func rowWrapsUnderItsColumn() {
    let row = "  --open URL   open a deep link that a running instance of the app gets, or start one"
    let lines = HelpLayout.wrap(row, width: 40).split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "  --open URL   open a deep link that a",
        "               running instance of the",
        "               app gets, or start one",
      ])
    #expect(words(lines.joined(separator: "\n")) == words(row))
  }

  @Test("A usage line wraps between its bracketed groups, under the first, never inside one")
  func usageWrapsBetweenGroups() {
    // A made-up tool: a fork's renaming leaves the widths of this example alone.
    let usage = "usage: tool [--script FILE|-] [--profile NAME | --guest] [--lang CODE] [--help]"
    #expect(
      HelpLayout.wrap(usage, width: 40) == """
        usage: tool [--script FILE|-]
                    [--profile NAME | --guest]
                    [--lang CODE] [--help]
        """)
  }

  @Test("Any other line wraps at the left margin; empty lines stay")
  func paragraphWrapsAtTheMargin() {
    let text = "Exit status: 0 success, 1 a script command failed\n\nKeys:"
    #expect(HelpLayout.wrap(text, width: 24) == "Exit status: 0 success,\n1 a script command\nfailed\n\nKeys:")
  }

  @Test("A line indented further stays as written; a word wider than its line stays whole")
  func handLaidLinesAndLongWordsStay() {
    let handLaid = "  1-5, Tab, Umschalt-Tab\n                        Tab wechseln (im Bereich)"
    #expect(HelpLayout.wrap(handLaid, width: 30) == handLaid)
    #expect(
      HelpLayout.wrap("see tool://item/a-very-long-identifier-here", width: 30)
        == "see\ntool://item/a-very-long-identifier-here")
  }

  @Test("Columns are counted as the terminal shows them: a wide character takes two")
  func wideCharactersCountTwo() {
    // Six characters in twelve columns: counted as characters, the second word would fit 14.
    #expect(HelpLayout.wrap("日本語の説明 です", width: 14) == "日本語の説明\nです")
  }

  @Test(
    "A fork's longer name still fits 80 columns: the tables are laid out when printed, not by hand",
    arguments: AppOptionsTests.helpLanguages)
  func forkNameFits(language: Language) {
    let strings = Localizer(language: language)
    let tables = strings(
      L10n.Cli.help(usage: strings(L10n.Cli.usage), lastTab: 5, activities: strings(Activity.all[0].name)))
    let renamed = tables.replacingOccurrences(of: "fun", with: "constellation")
      .replacingOccurrences(of: "Fun", with: "Constellation")
    #expect(renamed.contains("constellation — "), "the app's name was not found")
    for line in HelpLayout.wrap(renamed).split(separator: "\n") {
      #expect(DisplayWidth.of(line) <= 80, "\(language): \(DisplayWidth.of(line)) columns: \(line)")
    }
  }
}
