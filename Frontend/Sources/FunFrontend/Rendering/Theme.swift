import FunModel

/// The styles a screen draws with, by role, so screens never name a colour.
///
/// Four colour variants follow the user's ``/FunModel/Appearance`` and the terminal's
/// ``StyleSupport``, chosen by ``resolved(for:support:)``:
/// - ``system``: the terminal's own foreground and background, accents from its palette;
/// - ``light`` and ``dark``: an explicit background and foreground, so the choice shows on any
///   terminal; screens fill their canvas with ``text`` first;
/// - ``noColor`` (`NO_COLOR`, `--no-color`): no colour at all, roles told apart by bold, dim,
///   underline and inverse (the selection is inverse, so it stays visible);
/// - ``plain`` (`TERM=dumb`): no styling at all; the `>` marker and `[Tab]` brackets of the
///   frame contract carry the meaning.
///
/// Role styles other than ``text`` leave the background unset where they do not need one, so
/// they paint over the screen's background.
public struct Theme: Hashable, Sendable {
  /// Body text and the screen's background.
  public var text: Style
  /// Screen and section titles.
  public var title: Style
  /// The selected row.
  public var selection: Style
  /// Highlights: the active category, values, the carousel page.
  public var accent: Style
  /// Secondary text: subtitles, hints, key help.
  public var dim: Style
  /// The favorite mark `★`.
  public var favoriteStar: Style
  /// A success toast's line.
  public var toastSuccess: Style
  /// An info toast's line.
  public var toastInfo: Style
  /// An error toast's line.
  public var toastError: Style
  /// The selected tab in the tab bar.
  public var tabSelected: Style

  /// Creates a theme from a style per role.
  public init(
    text: Style, title: Style, selection: Style, accent: Style, dim: Style, favoriteStar: Style,
    toastSuccess: Style, toastInfo: Style, toastError: Style, tabSelected: Style
  ) {
    self.text = text
    self.title = title
    self.selection = selection
    self.accent = accent
    self.dim = dim
    self.favoriteStar = favoriteStar
    self.toastSuccess = toastSuccess
    self.toastInfo = toastInfo
    self.toastError = toastError
    self.tabSelected = tabSelected
  }

  /// The theme for `appearance` on a terminal that allows `support`: ``plain`` without any
  /// styling, ``noColor`` without colour, otherwise the appearance's own theme.
  public static func resolved(for appearance: Appearance, support: StyleSupport) -> Theme {
    switch (support, appearance) {
    case (.none, _): plain
    case (.attributesOnly, _): noColor
    case (.full, .system): system
    case (.full, .light): light
    case (.full, .dark): dark
    }
  }

  /// The terminal's default colours with palette accents that read on light and dark alike.
  public static let system = Theme(
    text: .plain,
    title: Style(bold: true),
    selection: Style(foreground: .black, background: .cyan),
    accent: Style(foreground: .cyan),
    dim: Style(dim: true),
    favoriteStar: Style(foreground: .yellow, bold: true),
    toastSuccess: Style(foreground: .black, background: .green),
    toastInfo: Style(foreground: .brightWhite, background: .blue),
    toastError: Style(foreground: .brightWhite, background: .red, bold: true),
    tabSelected: Style(foreground: .black, background: .cyan, bold: true)
  )

  /// Dark text on a light background.
  public static let light = Theme(
    text: Style(foreground: .black, background: .brightWhite),
    title: Style(foreground: .blue, bold: true),
    selection: Style(foreground: .brightWhite, background: .blue),
    accent: Style(foreground: .magenta),
    dim: Style(foreground: .brightBlack),
    favoriteStar: Style(foreground: .red, bold: true),
    toastSuccess: Style(foreground: .brightWhite, background: .green),
    toastInfo: Style(foreground: .brightWhite, background: .blue),
    toastError: Style(foreground: .brightWhite, background: .red, bold: true),
    tabSelected: Style(foreground: .brightWhite, background: .magenta, bold: true)
  )

  /// Light text on a dark background.
  public static let dark = Theme(
    text: Style(foreground: .white, background: .black),
    title: Style(foreground: .brightCyan, bold: true),
    selection: Style(foreground: .black, background: .cyan),
    accent: Style(foreground: .brightYellow),
    dim: Style(foreground: .brightBlack),
    favoriteStar: Style(foreground: .brightYellow, bold: true),
    toastSuccess: Style(foreground: .black, background: .green),
    toastInfo: Style(foreground: .black, background: .cyan),
    toastError: Style(foreground: .brightWhite, background: .red, bold: true),
    tabSelected: Style(foreground: .black, background: .brightYellow, bold: true)
  )

  /// No colour; roles told apart by attributes only.
  public static let noColor = Theme(
    text: .plain,
    title: Style(bold: true),
    selection: Style(inverse: true),
    accent: Style(underline: true),
    dim: Style(dim: true),
    favoriteStar: Style(bold: true),
    toastSuccess: Style(inverse: true),
    toastInfo: Style(inverse: true),
    toastError: Style(bold: true, inverse: true),
    tabSelected: Style(bold: true, inverse: true)
  )

  /// No styling at all, for `TERM=dumb`.
  public static let plain = Theme(
    text: .plain, title: .plain, selection: .plain, accent: .plain, dim: .plain, favoriteStar: .plain,
    toastSuccess: .plain, toastInfo: .plain, toastError: .plain, tabSelected: .plain
  )

  /// The style of a toast of kind `style`.
  public func toast(_ style: ToastEvent.Style) -> Style {
    switch style {
    case .success: toastSuccess
    case .info: toastInfo
    case .error: toastError
    }
  }
}
