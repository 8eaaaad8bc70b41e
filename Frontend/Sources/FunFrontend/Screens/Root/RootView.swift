import FunModel
import FunViewModel
import Observation

/// The whole frame: tab bar, title line (with who is signed in at its end), the current
/// screen, and the bottom line (the `:` command line while it is open, so what is typed always
/// shows; else a toast while one shows, else the key hints), plus the help overlay. Signed out,
/// the sign-in screen shows with no tab bar.
///
/// It also routes keys, each from a `KeyBindings` table that the help overlay lists too:
/// Ctrl-C quits and Ctrl-Z suspends the app wherever it is (as the terminal would in cooked
/// mode); a sheet takes the other keys while it is up; otherwise help and the command line
/// (which has a table of its own) first, then a focused text field, then the screen's own
/// keys, then the keys of every screen (tabs while signed in, `/`, `?`, `:`, `q`, and `u` while
/// the navigator has something to undo) that the screen does not bind itself (the sign-in list
/// types a `q` into its name field); an Esc or Backspace nobody used goes back. Mouse clicks
/// act on what the frame shows where they land (a tab, a row, a card; while a sheet is up, only
/// its rows and buttons).
///
/// Below 40×12 it shows only a "too small" notice, whose numbers (what it needs, what it has)
/// always show; behind it only `q` acts, and asks again first when a sheet with a field is
/// open, whose edit quitting would lose. While the terminal's window has lost the focus the
/// spinner stands still: nobody watches its redraws.
@Observable
@MainActor
public final class RootView {
  /// The smallest size the app lays out in.
  static let minimumSize = TerminalSize(columns: 40, rows: 12)

  /// How far the help overlay is scrolled, while it shows.
  private(set) var helpOffset: Int?
  /// Whether the help overlay shows.
  var isShowingHelp: Bool { helpOffset != nil }
  /// Whether a first `q` behind the "too small" notice, or a first Ctrl-C over a form with
  /// unsaved changes, asked to confirm: a second one quits though the edit is lost; any other
  /// key keeps editing.
  private(set) var isQuitPending = false
  /// Whether the terminal's window has the keyboard focus (as far as it reports it).
  private(set) var hasFocus = true
  /// How far the list of the `:` line's commands (`:help`) is scrolled, while it shows.
  private(set) var commandHelpOffset: Int?
  /// Whether the list of the `:` line's commands shows (`:help`).
  var isShowingCommandHelp: Bool { commandHelpOffset != nil }
  /// The `:` command line: open or not, and its history.
  private(set) var commandLineEditor = CommandLineEditor()
  /// The text of the `:` command line while it is open; `nil` while it is closed (script
  /// mode's `type` goes to it when it is open).
  public var commandLine: String? { commandLineEditor.line?.text }

  /// One line per command the `:` line takes, its name first (`tab <name|1-5>`): Tab completes
  /// the names, `:help` lists them, and the line above the `:` line shows the usage of the
  /// command typed. The app sets them from its script language.
  public var commandUsages: [String] = []
  /// Reads the help aloud instead of showing it: set, `?` (and F1) call it rather than open
  /// the overlay. The screen-reader mode sets it to speak ``keyHelp``.
  public var helpReader: (@MainActor () -> Void)?
  /// Says where the person is: set, `.` calls it (wherever a field does not type it), and
  /// help lists it among the keys that act everywhere.
  public var whereAmI: (@MainActor () -> Void)?
  /// Reads aloud again the text that arriving read and `.` leaves out (an item's description):
  /// set, it gives the way to read the text of what is on screen, or `nil` where there is none;
  /// there `,` calls it, and help lists it.
  public var descriptionReader: (@MainActor () -> (@MainActor () -> Void)?)?

  /// The keys of what is on screen, as the help overlay lists them: the sheet's, the `:`
  /// line's or the screen's, then those that act everywhere.
  public var keyHelp: [KeyHelpSection] {
    HelpOverlay.readable(helpSections(in: Self.body(of: terminalSize)), strings: strings)
  }

  /// Whether `q` or Ctrl-C asked the app to stop.
  public private(set) var isQuitRequested = false
  /// The size of the terminal as the app last learned it: the app sets it at start and on
  /// every resize. Keys are handled against the layout it gives (Detail's scrolling stops at
  /// the last line that size shows); ``render(size:)`` takes its size explicitly, so a frame
  /// never depends on it.
  public var terminalSize = TerminalSize.standard {
    didSet {
      if terminalSize != oldValue { isQuitPending = false }
    }
  }

  /// Whether the person sees this view's frames: screen-reader mode says the app instead, and
  /// there the `:` line covers no toast, so no toast waits for it.
  public var isDrawn = true {
    didSet {
      if !isDrawn { toast.isCovered = false }
    }
  }

  @ObservationIgnored private let toast: ToastViewModel
  @ObservationIgnored private let spinner: ActivitySpinner
  @ObservationIgnored private weak var navigator: (any Navigator)?
  @ObservationIgnored private let runCommand: @MainActor (String) -> Void
  @ObservationIgnored private let suspend: @MainActor () -> Void
  @ObservationIgnored private let strings: Localizer

  /// Creates the root view.
  /// - Parameters:
  ///   - toast: the toast on screen.
  ///   - spinner: the beat of the spinner the title line shows while the current screen is
  ///     busy; the root view makes it follow that.
  ///   - navigator: the current screen, the tab bar, the way back and the theme (held weakly:
  ///     it owns this view).
  ///   - runCommand: runs a line typed on the `:` command line.
  ///   - suspend: stops the app until the shell continues it, on Ctrl-Z (in raw mode the key
  ///     arrives as a key, not as the signal the terminal would send).
  ///   - strings: the language of the tab bar, the help, the notices and the toasts.
  public init(
    toast: ToastViewModel,
    spinner: ActivitySpinner,
    navigator: any Navigator,
    runCommand: @escaping @MainActor (String) -> Void,
    suspend: @escaping @MainActor () -> Void,
    strings: Localizer
  ) {
    self.strings = strings
    self.toast = toast
    self.spinner = spinner
    self.navigator = navigator
    self.runCommand = runCommand
    self.suspend = suspend
    spinner.follow { [weak self] in
      guard let self else { return false }
      return isBusy && hasFocus
    }
  }

  /// Whether the spinner turns: the current screen is busy, or saved state is being written.
  private var isBusy: Bool {
    guard let navigator else { return false }
    return navigator.currentScreen.isBusy || navigator.isSaving
  }

  /// The spinner's frames, one per beat of ``ActivitySpinner/interval``.
  static let spinnerFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// Asks the app to stop, as `q` does.
  public func requestQuit() {
    isQuitRequested = true
  }

  /// Shows the list of the `:` line's commands (``commandUsages``), as `:help` asks: the keys
  /// that scroll help scroll it, any other key closes it.
  public func showCommandHelp() {
    commandHelpOffset = 0
  }

  // MARK: Rendering

  /// Draws the frame for a terminal of `size`.
  public func render(size: TerminalSize) -> Canvas {
    // Without a navigator (its app has gone) there is nothing to draw but an empty frame.
    let theme = navigator?.theme ?? .plain
    var canvas = Canvas(size: size, style: theme.text)
    guard size.columns >= Self.minimumSize.columns, size.rows >= Self.minimumSize.rows else {
      renderTooSmall(into: &canvas, theme: theme)
      return canvas
    }
    guard let navigator else { return canvas }
    if let tabBar = navigator.tabBar {
      TabBarView.render(tabBar, into: &canvas, row: 0, theme: theme, strings: strings)
    } else {
      canvas.put(text: strings(L10n.App.name), at: Point(column: 1, row: 0), style: theme.tabSelected)
    }
    let screen = navigator.currentScreen
    let body = Self.body(of: size)
    renderTitleLine(
      into: &canvas, trail: navigator.breadcrumb, sessionName: navigator.sessionName, isBusy: isBusy, area: body,
      theme: theme)
    screen.render(into: &canvas, area: body, theme: theme)
    let overlayArea = Self.overlayArea(of: size)
    if let sheet = navigator.sheet {
      Self.render(sheet, notice: sheetNotice, into: &canvas, area: overlayArea, theme: theme)
    }
    // Over a sheet too: a script's `help` may come while one is up.
    var overlayScrolls = false
    if let commandHelpOffset {
      let list = commandHelp(in: overlayArea)
      overlayScrolls = list.scrolls
      list.render(
        title: strings(L10n.CommandLine.helpTitle), offset: commandHelpOffset, into: &canvas, area: overlayArea,
        theme: theme, strings: strings)
    }
    if let helpOffset {
      let help = HelpOverlay(sections: helpSections(in: body), area: overlayArea, strings: strings)
      overlayScrolls = help.scrolls
      let subject =
        commandLineEditor.isOpen && navigator.sheet == nil
        ? strings(L10n.Help.sectionCommandLine) : TextSanitizer.sanitize(navigator.sheet?.title ?? screen.title)
      let title = strings(L10n.Help.title(subject))
      help.render(title: title, offset: helpOffset, into: &canvas, area: overlayArea, theme: theme, strings: strings)
    }
    // An overlay offers its scroll keys only where it has more lines than room, as it binds them.
    let overlayHints = strings(overlayScrolls ? L10n.Help.hintsScrolling : L10n.Help.hints)
    let hints =
      isShowingHelp || isShowingCommandHelp
      ? overlayHints : navigator.sheet?.hints ?? self.hints(of: screen, in: body)
    renderBottomLine(into: &canvas, hints: hints, theme: theme)
    return canvas
  }

  /// A sheet in a box over the screen, as wide as it likes (within the terminal) and as tall as
  /// its content and `notice`, which goes under the content in the accent style. The screen
  /// behind recedes into the secondary style (a selected row's bar would look like something
  /// the sheet's keys act on), and a blank cell around the box keeps it off the text under it.
  /// The sheet is modal to the mouse too: only what it marks takes a click, never the screen or
  /// the tab bar behind it.
  private static func render(
    _ sheet: any Sheet, notice: String?, into canvas: inout Canvas, area: Rect, theme: Theme
  ) {
    canvas.recede(area, style: theme.dim.painted(over: theme.text))
    canvas.unmark(Rect(column: 0, row: 0, width: canvas.columns, height: canvas.rows))
    let layout = SheetLayout(of: sheet, notice: notice, in: area)
    let frame = layout.frame
    let (top, left) = (max(frame.row - 1, area.row), max(frame.column - 1, area.column))
    let bottom = min(frame.row + frame.height + 1, area.row + area.height)
    let right = min(frame.column + frame.width + 1, area.column + area.width)
    canvas.clear(Rect(column: left, row: top, width: right - left, height: bottom - top), style: theme.text)
    Box.draw(
      title: TextSanitizer.sanitize(sheet.title), width: frame.width, height: frame.height, in: area, into: &canvas,
      theme: theme)
    sheet.render(into: &canvas, area: layout.content, theme: theme)
    for (offset, line) in layout.noticeLines.enumerated() {
      canvas.put(
        text: line, at: Point(column: layout.content.column, row: layout.noticeTop + offset), style: theme.accent)
    }
  }

  /// The notice under the sheet, in the app's language: that links wait for it to close.
  private var sheetNotice: String? {
    navigator?.sheetNotice.map { strings($0) }
  }

  /// Where `sheet` draws its content in a terminal of `size`, under which `notice` shows: the
  /// one layout its drawing and its keys share (the item form's ↑/↓ follow the lines its
  /// description wraps to there).
  static func contentArea(of sheet: any Sheet, notice: String? = nil, size: TerminalSize) -> Rect {
    SheetLayout(of: sheet, notice: notice, in: overlayArea(of: size)).content
  }

  /// Where overlays (the help, a sheet) go in a terminal of `size`: between the tab bar and the
  /// bottom line.
  static func overlayArea(of size: TerminalSize) -> Rect {
    Rect(column: 0, row: 1, width: size.columns, height: size.rows - 2)
  }

  /// Where the current screen draws in a terminal of `size`: below the tab bar and the title
  /// line, above the bottom line, with a column of margin each side.
  static func body(of size: TerminalSize) -> Rect {
    Rect(column: 1, row: 3, width: size.columns - 2, height: size.rows - 5)
  }

  /// The breadcrumb (and the spinner after it while the screen is busy), and who is signed in
  /// at the end of the line; a long breadcrumb is cut before the name is (the tab bar has no
  /// room for it at 40 columns).
  private func renderTitleLine(
    into canvas: inout Canvas, trail: [String], sessionName: String?, isBusy: Bool, area: Rect, theme: Theme
  ) {
    let text = trail.map(TextSanitizer.sanitize).joined(separator: " › ")
    var width = area.width
    if let sessionName {
      let name = DisplayWidth.truncate("● " + TextSanitizer.sanitize(sessionName), to: area.width / 2)
      let nameWidth = DisplayWidth.of(name)
      // A theme that underlines accents (no colour) underlines the name, never the mark and
      // the gap before it.
      var mark = theme.accent
      mark.underline = false
      let start = Point(column: area.column + area.width - nameWidth, row: 1)
      let end = canvas.put(text: String(name.prefix(2)), at: start, style: mark)
      canvas.put(text: String(name.dropFirst(2)), at: Point(column: end, row: 1), style: theme.accent)
      width -= nameWidth + 2
    }
    let spinnerWidth = isBusy ? 2 : 0
    let end = canvas.put(
      text: DisplayWidth.truncate(text, to: max(width - spinnerWidth, 0)), at: Point(column: area.column, row: 1),
      style: theme.title)
    if isBusy {
      let glyph = Self.spinnerFrames[spinner.frame % Self.spinnerFrames.count]
      canvas.put(text: String(glyph), at: Point(column: end + 1, row: 1), style: theme.accent)
    }
  }

  /// The bottom line: its text starts at the body's margin and keeps one free at the end.
  private func renderBottomLine(into canvas: inout Canvas, hints: String, theme: Theme) {
    let row = canvas.rows - 1
    let line = Rect.row(row, width: canvas.columns)
    let margin = Self.body(of: canvas.size).column
    let width = canvas.columns - 2 * margin
    // The bottom line is an overlay too: whatever a screen drew there never shows through.
    canvas.clear(line, style: theme.text)
    if let line = commandLineEditor.line, !isShowingHelp {
      let column = canvas.put(text: ":", at: Point(column: margin, row: row), style: theme.text)
      TextField.render(
        line, isFocused: true, into: &canvas, at: Point(column: column, row: row), width: width - 1,
        style: theme.text, cursorStyle: theme.decoration)
      // On the line above: the names Tab could mean when it could not choose, else the usage of
      // the command typed, so its arguments need no manual.
      let completions = commandLineEditor.completions
      let typed = line.text.split(separator: " ").first.map(String.init)
      // (A command without arguments has nothing to show there.)
      let usage = commandUsages.first { $0 != typed && $0.split(separator: " ").first.map(String.init) == typed }
      let above =
        completions.isEmpty
        ? usage.map { LineFitting.usage(TextSanitizer.sanitize($0), to: width) }
        : completions.joined(separator: "  ")
      if let above {
        canvas.clear(Rect.row(row - 1, width: canvas.columns), style: theme.text)
        canvas.put(
          text: DisplayWidth.truncate(above, to: width), at: Point(column: margin, row: row - 1), style: theme.dim)
      }
    } else if let message = isQuitPending ? ToastEvent.error(L10n.Root.quitPending) : toast.current {
      // The question a first Ctrl-C asks stands where a toast does, until the next key.
      let style = theme.toast(message.style)
      let symbol =
        switch message.style {
        case .success: "✓ "
        case .info: "ℹ "
        case .error: "✗ "
        }
      // A second line takes the blank line above the bottom one, opaque like the bottom line,
      // unless a sheet's box reaches down to it: its frame stays whole, so its edge still shows
      // where the sheet ends.
      let sheetBottom = navigator?.sheet.map { sheet in
        let frame = SheetLayout(of: sheet, notice: sheetNotice, in: Self.overlayArea(of: canvas.size)).frame
        return frame.row + frame.height - 1
      }
      let limit = (sheetBottom ?? 0) >= row - 1 ? 1 : 2
      let lines = LineFitting.toast(symbol + TextSanitizer.sanitize(strings(message.text)), width: width, limit: limit)
      let top = row - (lines.count - 1)
      for (offset, text) in lines.enumerated() {
        let line = Rect.row(top + offset, width: canvas.columns)
        canvas.clear(line, style: theme.text)
        canvas.fill(line, style: style)
        canvas.put(text: text, at: Point(column: margin, row: top + offset), style: style)
      }
    } else {
      canvas.put(text: LineFitting.hints(hints, to: width), at: Point(column: margin, row: row), style: theme.dim)
    }
  }

  /// The `:help` overlay laid out for `area`: every command's name, and how to learn a
  /// command's arguments (the line above the `:` line shows them once its name is typed). It
  /// scrolls as `?` help does where it is taller than the terminal.
  private func commandHelp(in area: Rect) -> HelpOverlay {
    HelpOverlay(text: commandNames.joined(separator: "  "), note: strings(L10n.CommandLine.helpHint), area: area)
  }

  /// The names of the `:` line's commands: the first word of each of ``commandUsages``.
  private var commandNames: [String] {
    commandUsages.compactMap { $0.split(separator: " ").first.map { TextSanitizer.sanitize(String($0)) } }
  }

  /// The notice in lines wrapped to the width, the numbers each on a line of their own so that
  /// they show whole down to 10 columns; where the rows run out the last line goes first.
  private func renderTooSmall(into canvas: inout Canvas, theme: Theme) {
    let minimum = Self.minimumSize
    // An open edit's notice is two parts, so a narrow terminal breaks it between them.
    let quit =
      isQuitPending
      ? [L10n.Root.tooSmallDiscard]
      : navigator?.sheet?.isEditingText == true
        ? [L10n.Root.tooSmallEditOpen, L10n.Root.tooSmallQuitTwice] : [L10n.Root.tooSmallQuit]
    let parts: [(text: String, style: Style)] =
      [
        (strings(L10n.Root.tooSmall), theme.title),
        (strings(L10n.Root.tooSmallNeed(columns: minimum.columns, rows: minimum.rows)), theme.text),
        (strings(L10n.Root.tooSmallHave(columns: canvas.columns, rows: canvas.rows)), theme.text),
      ] + quit.map { (strings($0), isQuitPending ? theme.toastError : theme.dim) }
    var lines = parts.flatMap { part in
      TextWrap.lines(part.text, width: canvas.columns).map { (text: $0, style: part.style) }
    }
    if lines.count > canvas.rows {
      lines = Array(lines.prefix(canvas.rows))
    }
    let top = max((canvas.rows - lines.count) / 2, 0)
    for (offset, line) in lines.enumerated() {
      let text = DisplayWidth.truncate(line.text, to: canvas.columns)
      let left = max((canvas.columns - DisplayWidth.of(text)) / 2, 0)
      canvas.put(text: text, at: Point(column: left, row: top + offset), style: line.style)
    }
  }

  // MARK: Keys

  /// Routes one key press. Then, while the `:` line covers the toast line, the toasts that have
  /// not shown wait for it to close (``/FunViewModel/ToastViewModel/isCovered``).
  public func handle(_ key: Key) {
    route(key)
    toast.isCovered = isDrawn && commandLineEditor.isOpen && !isShowingHelp
  }

  private func route(_ key: Key) {
    if case .focus(let gained) = key {
      hasFocus = gained
      return
    }
    let fits = terminalSize.columns >= Self.minimumSize.columns && terminalSize.rows >= Self.minimumSize.rows
    if isQuitPending, key != .ctrlC, fits || key != .char("q") {
      isQuitPending = false
    }
    // A form's unsaved changes would be lost: the first Ctrl-C asks, on the bottom line, as a
    // first Esc does in the form.
    if key == .ctrlC, fits, !isQuitPending, navigator?.sheet?.hasUnsavedChanges == true {
      isQuitPending = true
      return
    }
    // Wherever the app is, behind a sheet, in a field or behind the "too small" notice: a
    // shell's users expect Ctrl-C to end and Ctrl-Z to stop any program in the foreground.
    if key == .ctrlC || key == .ctrl("z"), KeyBindings([everywhere(isModal: false)]).handleBinding(key) {
      return
    }
    guard fits else {
      // Behind the "too small" notice nothing else acts: a key must not change what cannot
      // be seen.
      if key == .char("q") { quitBehindNotice() }
      return
    }
    if case .mouse(let event) = key {
      handle(event)
      return
    }
    let body = Self.body(of: terminalSize)
    let overlayArea = Self.overlayArea(of: terminalSize)
    if isShowingHelp {
      let help = HelpOverlay(sections: helpSections(in: body), area: overlayArea, strings: strings)
      if !Self.scrollBindings(of: help, offset: \.helpOffset, in: self).handleBinding(key) {
        helpOffset = nil
      }
      return
    }
    if isShowingCommandHelp {
      // Any other key closes the list of commands, and only closes it, even with a sheet under it.
      let list = Self.scrollBindings(of: commandHelp(in: overlayArea), offset: \.commandHelpOffset, in: self)
      if !list.handleBinding(key) {
        commandHelpOffset = nil
      }
      return
    }
    if let sheet = navigator?.sheet {
      _ = keyBindings(of: sheet).handle(key) || KeyBindings([everywhere(isModal: true)]).handleBinding(key)
      return
    }
    if commandLineEditor.isOpen {
      _ = commandLineBindings.handle(key) || KeyBindings([everywhere(isModal: true)]).handleBinding(key)
      return
    }
    guard let navigator else { return }
    let screen = navigator.currentScreen.keyBindings(in: body)
    if let field = screen.textField, field(key) {
      return
    }
    if case .paste = key {
      return  // pasted text is never a key binding; outside a field it has nowhere to go
    }
    if screen.handleBinding(key) || KeyBindings([everywhere(isModal: false)]).handleBinding(key) {
      return
    }
    _ = KeyBindings([KeyBindings.Section(L10n.Help.sectionEverywhere, goingBack)]).handleBinding(key)
  }

  /// The keys of an overlay (`?` help, `:help`), which scroll it as a pager's do (any other key
  /// closes it), within what the layout of `help` allows; `offset` is where the view keeps how
  /// far it is scrolled. Where it all fits, there is nothing to scroll and every key closes it
  /// (as the hints, which then offer none, say).
  private static func scrollBindings(
    of help: HelpOverlay, offset: ReferenceWritableKeyPath<RootView, Int?>, in view: RootView
  ) -> KeyBindings {
    guard help.scrolls else { return KeyBindings([]) }
    let bindings = KeyBinding.scrolling(page: help.room, total: help.lines.count) { lines in
      view[keyPath: offset] = KeyBinding.scrolledOffset(
        from: view[keyPath: offset] ?? 0, by: lines, maximum: help.maximumOffset)
    }
    return KeyBindings([KeyBindings.Section(L10n.Help.help, bindings)])
  }

  /// `q` behind the "too small" notice: quits, unless a sheet with a field is open, whose edit
  /// quitting would lose; then the notice asks, and a second `q` quits.
  private func quitBehindNotice() {
    if navigator?.sheet?.isEditingText == true, !isQuitPending {
      isQuitPending = true
    } else {
      requestQuit()
    }
  }

  /// What help lists: the keys of the sheet, the `:` line or the screen, then those that act
  /// everywhere, less the ones that never get there: printable keys while a field types them,
  /// and the keys the screen binds itself (the sign-in list's letters, Esc or Backspace where
  /// the screen uses them).
  func helpSections(in body: Rect) -> [KeyBindings.Section] {
    guard let navigator else { return [] }
    let own: KeyBindings
    let everywhere: [KeyBinding]
    let isEditingText: Bool
    if let sheet = navigator.sheet {
      own = keyBindings(of: sheet)
      everywhere = self.everywhere(isModal: true).bindings
      isEditingText = sheet.isEditingText
    } else if commandLineEditor.isOpen {
      own = commandLineBindings
      everywhere = self.everywhere(isModal: true).bindings
      isEditingText = true
    } else {
      let screen = navigator.currentScreen
      own = screen.keyBindings(in: body)
      everywhere = (self.everywhere(isModal: false).bindings + goingBack).compactMap {
        $0.dropping { own.binding(for: $0) != nil }
      }
      isEditingText = screen.isEditingText
    }
    var sections = own.sectionsForHelp + [KeyBindings.Section(L10n.Help.sectionEverywhere, everywhere)]
    if isEditingText {
      // The field types a printable key before any table sees it: help must not offer one
      // (Search's `r` or `j` while its field has the focus), here or under "Everywhere"; and
      // a section waiting for the field to be left (Search's results) would name keys that
      // edit the text meanwhile (Home, Enter), so help lists only what acts while typing.
      sections = sections.filter(\.isActive).compactMap { section in
        let bindings = section.bindings.compactMap { binding in
          binding.dropping { key in
            if case .char = key { true } else { false }
          }
        }
        guard !bindings.isEmpty else { return nil }
        return KeyBindings.Section(section.title, id: section.id, isActive: section.isActive, bindings)
      }
    }
    return sections
  }

  /// The key hints of `screen` laid out in `body`. While there is something to undo and `u`
  /// reaches the key that does it (no field types it, the screen does not bind it itself), its
  /// hint joins the line.
  private func hints(of screen: any Screen, in body: Rect) -> String {
    let own = screen.hints(in: body)
    guard navigator?.canUndo == true, !screen.isEditingText,
      screen.keyBindings(in: body).binding(for: .char("u")) == nil
    else { return own }
    // Just before `? help`, where a narrow line drops it first (the toast said `u` undoes; the
    // screen's own keys, its way back first, matter more), unless the screen asks for it first.
    var groups = own.components(separatedBy: "  ")
    let position = screen.leadsWithUndo ? 0 : max(groups.count - 1, 0)
    groups.insert(strings(L10n.Common.hintUndo), at: position)
    return groups.joined(separator: "  ")
  }

  /// The keys of `sheet`: its own (its field first), then Enter, Esc and, between fields, Tab.
  private func keyBindings(of sheet: any Sheet) -> KeyBindings {
    let own = sheet.keyBindings(in: Self.contentArea(of: sheet, notice: sheetNotice, size: terminalSize))
    var answer = [
      KeyBinding([.enter], sheet.confirmSummary) { sheet.confirm() },
      KeyBinding([.escape], L10n.Help.cancel) { sheet.cancel() },
    ]
    if sheet.isEditingText {
      answer.append(
        .directions(back: [.backTab], forward: [.tab], L10n.Help.nextField) { direction in
          if direction < 0 { sheet.focusPreviousField() } else { sheet.focusNextField() }
        })
    }
    // A key the sheet binds itself (Enter in a form's description) means what the sheet says,
    // so the dialog's meaning of it is neither listed nor reached.
    let ownKeys = own.sections.filter(\.isActive).flatMap { $0.bindings.flatMap(\.keys) }
    answer = answer.compactMap { binding in binding.dropping { ownKeys.contains($0) } }
    let sections = [KeyBindings.Section(L10n.Help.sectionDialog, answer)] + own.sections
    return KeyBindings(sections, textField: own.textField)
  }

  /// The keys that act on every screen (a focused field takes the printable ones first): while
  /// something modal has the keys (a sheet, the `:` line) only help, quitting and suspending;
  /// signed out, no tab keys.
  private func everywhere(isModal: Bool) -> KeyBindings.Section {
    var bindings = [
      KeyBinding([.char("?"), .function(1)], L10n.Help.help) {
        if let helpReader = self.helpReader { helpReader() } else { self.helpOffset = 0 }
      }
    ]
    if let whereAmI {
      bindings.append(KeyBinding([.char(".")], L10n.Help.whereAmI) { whereAmI() })
    }
    // Under a sheet or the `:` line the text is not what has the keys.
    if !isModal, let readDescription = descriptionReader?() {
      bindings.append(KeyBinding([.char(",")], L10n.Help.readDescription) { readDescription() })
    }
    if !isModal {
      if let tabBar = navigator?.tabBar {
        bindings.insert(contentsOf: tabBindings(tabBar), at: 0)
      }
      bindings.append(KeyBinding([.char(":")], L10n.Help.commandLine) { self.commandLineEditor.open() })
      if navigator?.canUndo == true {
        bindings.append(KeyBinding([.char("u")], L10n.Help.undoRemoval) { self.navigator?.undo() })
      }
    }
    bindings += [
      KeyBinding(isModal ? [.ctrlC] : [.char("q"), .ctrlC], L10n.Help.quit) { self.requestQuit() },
      KeyBinding([.ctrl("z")], L10n.Help.suspend) { self.suspend() },
    ]
    return KeyBindings.Section(L10n.Help.sectionEverywhere, bindings)
  }

  /// The keys that need the tab bar: they mean nothing on the sign-in screen.
  private func tabBindings(_ tabBar: TabBarViewModel) -> [KeyBinding] {
    [
      KeyBinding(
        tabBar.tabs.indices.map { Key.char(Character(String($0 + 1))) } + [.tab, .backTab], L10n.Help.switchTab
      ) { key in
        switch key {
        case .tab: self.navigator?.switchTabs(.selectNext)
        case .backTab: self.navigator?.switchTabs(.selectPrevious)
        case .char(let character):
          if let tab = tabBar.activity.tab(named: String(character)) { self.navigator?.switchTabs(.select(tab)) }
        default: break
        }
      },
      KeyBinding([.char("a")], L10n.Help.switchActivity) { self.navigator?.showActivitySwitcher() },
      KeyBinding([.char("/")], L10n.Help.search) { self.navigator?.showSearch() },
    ]
  }

  /// Esc or Backspace that the screen did not use: back, while there is a way back. At a tab's
  /// root there is none, and help lists only keys that act.
  private var goingBack: [KeyBinding] {
    guard navigator?.tabBar != nil, navigator?.canGoBack == true else { return [] }
    return [KeyBinding([.escape, .backspace], L10n.Help.back) { _ = self.navigator?.goBack() }]
  }

  /// A click acts on what the frame drawn for ``terminalSize`` shows at its cell (the frame
  /// records what each region means, so there is no second copy of the layout); the wheel
  /// scrolls the screen as ↑/↓ do. A click closes the help. A sheet takes only clicks on what
  /// it marks (its rows, its buttons); a click anywhere else, and the wheel, do nothing while it
  /// is up. The `:` line takes no mouse input.
  private func handle(_ event: MouseEvent) {
    guard let navigator, !commandLineEditor.isOpen else { return }
    if isShowingHelp || isShowingCommandHelp {
      if event.action == .click {
        helpOffset = nil
        commandHelpOffset = nil
      }
      return
    }
    if let sheet = navigator.sheet {
      if event.action == .click { handleClick(at: event.point, on: sheet) }
      return
    }
    let screen = navigator.currentScreen
    let body = Self.body(of: terminalSize)
    switch event.action {
    case .wheelUp, .wheelDown:
      // Over the carousel the wheel turns its pages (as ←/→ do); anywhere else it scrolls.
      let isOverCard = if case .card? = render(size: terminalSize).target(at: event.point) { true } else { false }
      let key: Key =
        switch (event.action == .wheelUp, isOverCard) {
        case (true, true): .left
        case (false, true): .right
        case (true, false): .up
        case (false, false): .down
        }
      _ = screen.handle(key, in: body)
    case .click:
      switch render(size: terminalSize).target(at: event.point) {
      case .tab(let tab)?:
        navigator.switchTabs(.select(tab))
      case .key(let key)?:
        // Only a binding: a click never types into the focused field.
        _ = KeyBindings([everywhere(isModal: false)]).handleBinding(key)
      case let target?:
        _ = screen.handleClick(on: target)
      case nil:
        break
      }
    }
  }

  /// A click while `sheet` is up: a button presses its key in the sheet's table, a row is the
  /// sheet's to handle; outside the sheet nothing is marked (it is modal), so nothing happens.
  private func handleClick(at point: Point, on sheet: any Sheet) {
    switch render(size: terminalSize).target(at: point) {
    case .key(let key)?:
      _ = keyBindings(of: sheet).handleBinding(key)
    case let target?:
      _ = sheet.handleClick(on: target)
    case nil:
      break
    }
  }

  /// The keys of the open `:` line: running, closing, its history and completion, and the
  /// editing keys of every field (printable keys and a paste type, through the table's field).
  var commandLineBindings: KeyBindings {
    let line = KeyBindings.Section(
      L10n.Help.sectionCommandLine,
      [
        KeyBinding([.enter], L10n.Help.runCommand) { self.handleCommandLine(.enter) },
        KeyBinding([.escape], L10n.Help.closeCommandLine) { self.handleCommandLine(.escape) },
        .directions(back: [.up], forward: [.down], L10n.Help.history) { self.handleCommandLine($0 < 0 ? .up : .down) },
        KeyBinding([.tab], L10n.Help.complete) { self.handleCommandLine(.tab) },
      ])
    return KeyBindings(
      [line, TextField.keyBindings { self.commandLineEditor.edit($0) }],
      textField: TextField.typing { self.commandLineEditor.edit($0) })
  }

  private func handleCommandLine(_ key: Key) {
    if case .run(let line) = commandLineEditor.handle(key, commandNames: commandNames) {
      runCommand(line)
    }
  }
}
