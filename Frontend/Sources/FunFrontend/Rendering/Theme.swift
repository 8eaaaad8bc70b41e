import FunModel

/// The styles a screen draws with, by role, so screens never name a colour.
///
/// Four colour variants follow the user's ``/FunModel/Appearance`` and the terminal's
/// ``StyleSupport``, chosen by ``resolved(for:support:)``:
/// - `system`: the terminal's own foreground and background, so it must read on a black and
///   on a white background alike; colour goes on explicit backgrounds (the selection, the tab,
///   toasts) and on decoration, never on body text;
/// - `light` and `dark`: an explicit background and foreground, so the choice shows on any
///   terminal; screens fill their canvas with `text` first;
/// - `noColor` (`NO_COLOR`, `--no-color`): no colour at all, roles told apart by bold, dim,
///   underline and inverse (the selection is inverse, so it stays visible);
/// - `plain` (`TERM=dumb`): no styling at all; the `>` marker and `[Tab]` brackets of the
///   frame contract carry the meaning.
///
/// **Contrast.** Every theme meets, with xterm's default palette, on a black and on a white
/// terminal background, with bold drawn bright or plain: body text 4.5:1, faint (dim) text and
/// decoration 3:1. Bold never goes on a dark palette colour (0–7) that sits on a background a
/// brightened colour would not read on: `ESC[1;30;46m` is grey on cyan, 2:1, in xterm. The
/// tests compute this over every frame the screens draw.
///
/// Role styles other than `text` leave the background unset where they do not need one, so
/// they paint over the screen's background. Only words are underlined: roles drawn over
/// padding or borders never underline.
public struct Theme: Hashable, Sendable {
  /// Body text and the screen's background.
  var text: Style
  /// Screen and section titles.
  var title: Style
  /// The selected row.
  var selection: Style
  /// Highlighted words: the active category, values, carousel card titles, the handle.
  var accent: Style
  /// Secondary text: subtitles, hints, key help, the tabs not selected.
  var dim: Style
  /// The favorite mark `★`.
  var favoriteStar: Style
  /// Drawing rather than text: box borders, the carousel cards' bars, the text cursor.
  var decoration: Style
  /// A success toast's line.
  var toastSuccess: Style
  /// An info toast's line.
  var toastInfo: Style
  /// An error toast's line.
  var toastError: Style
  /// The selected tab in the tab bar.
  var tabSelected: Style

  /// The theme for `appearance` on a terminal that allows `support`: `plain` without any
  /// styling, `noColor` without colour, otherwise the appearance's own theme.
  public static func resolved(for appearance: Appearance, support: StyleSupport) -> Theme {
    switch (support, appearance) {
    case (.none, _): plain
    case (.attributesOnly, _): noColor
    case (.full, .system): system
    case (.full, .light): light
    case (.full, .dark): dark
    }
  }

  /// The terminal's default colours. No palette colour reads as body text on both a black and
  /// a white background (the closest, magenta and bright blue, reach 4.4:1 on one of them), so
  /// text keeps the default foreground, accents are bold, and colour goes on backgrounds and on
  /// decoration, which needs 3:1.
  static let system = Theme(
    text: .plain,
    title: Style(bold: true),
    selection: Style(foreground: .black, background: .cyan),
    accent: Style(bold: true),
    dim: Style(dim: true),
    favoriteStar: Style(foreground: .magenta),
    decoration: Style(foreground: .brightBlue),
    toastSuccess: Style(foreground: .black, background: .green),
    toastInfo: Style(foreground: .brightWhite, background: .blue),
    toastError: Style(foreground: .brightWhite, background: .red, bold: true),
    tabSelected: Style(foreground: .black, background: .cyan)
  )

  /// Dark text on a light background. The palette has no grey that reads at 4.5:1 on white
  /// (bright black is 4.0:1), so secondary text is bright blue (4.7:1). Titles are blue, not
  /// bold: where bold draws bright, bold blue turns into that same bright blue and bold black
  /// into grey (4.0:1).
  static let light = Theme(
    text: Style(foreground: .black, background: .brightWhite),
    title: Style(foreground: .blue),
    selection: Style(foreground: .brightWhite, background: .blue),
    accent: Style(foreground: .magenta),
    dim: Style(foreground: .brightBlue),
    favoriteStar: Style(foreground: .red),
    decoration: Style(foreground: .blue),
    toastSuccess: Style(foreground: .black, background: .green),
    toastInfo: Style(foreground: .brightWhite, background: .blue),
    toastError: Style(foreground: .brightWhite, background: .red, bold: true),
    tabSelected: Style(foreground: .brightWhite, background: .magenta, bold: true)
  )

  /// Light text on a dark background.
  static let dark = Theme(
    text: Style(foreground: .white, background: .black),
    title: Style(foreground: .brightCyan, bold: true),
    selection: Style(foreground: .black, background: .cyan),
    accent: Style(foreground: .brightYellow),
    dim: Style(foreground: .brightBlack),
    favoriteStar: Style(foreground: .brightYellow, bold: true),
    decoration: Style(foreground: .cyan),
    toastSuccess: Style(foreground: .black, background: .green),
    toastInfo: Style(foreground: .black, background: .cyan),
    toastError: Style(foreground: .brightWhite, background: .red, bold: true),
    tabSelected: Style(foreground: .black, background: .brightYellow)
  )

  /// No colour; roles told apart by attributes only.
  static let noColor = Theme(
    text: .plain,
    title: Style(bold: true),
    selection: Style(inverse: true),
    accent: Style(underline: true),
    dim: Style(dim: true),
    favoriteStar: Style(bold: true),
    decoration: .plain,
    toastSuccess: Style(inverse: true),
    toastInfo: Style(inverse: true),
    toastError: Style(bold: true, inverse: true),
    tabSelected: Style(bold: true, inverse: true)
  )

  /// No styling at all, for `TERM=dumb`.
  static let plain = Theme(
    text: .plain, title: .plain, selection: .plain, accent: .plain, dim: .plain, favoriteStar: .plain,
    decoration: .plain, toastSuccess: .plain, toastInfo: .plain, toastError: .plain, tabSelected: .plain
  )

  /// The style of a toast of kind `style`.
  func toast(_ style: ToastEvent.Style) -> Style {
    switch style {
    case .success: toastSuccess
    case .info: toastInfo
    case .error: toastError
    }
  }
}
