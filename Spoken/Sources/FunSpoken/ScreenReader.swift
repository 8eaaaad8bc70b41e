import FunModel
import FunViewModel

/// The screen-reader view: the app as a conversation of plain lines, read from the same
/// ViewModels the full-screen screens draw.
///
/// Where a full-screen frame is redrawn whole and a renderer writes the cells that changed,
/// the reader describes what is on screen (``SpokenScene``) as plain values and says only what
/// changed since it last spoke:
/// - arriving at a screen or a sheet: where the person is ("Search, 14 results, item 1 of 14"),
///   the focused element, then the rest (a dialog's message and choices);
/// - the same screen: the focused row when the selection moves ("3 of 14: …"), a field's
///   typing as it is typed, a favorite's change ("Favorited SwiftUI"), a fact that changed
///   ("3 results"), the catalog's loads, refreshes and errors with their reason; the selected
///   row's moves and favorite also while a field beside its list keeps the focus, but not the
///   rows its typing lists anew;
/// - the `:` command line: that it opened and how to run or leave it, its typing as a field's,
///   that it is still open on arriving at another place, and that it closed without running
///   anything (a command that ran is followed by what it did);
/// - signing in or out, switching activity, and each new toast.
///
/// Every line comes from the string tables, in the language it is given, with keys said as
/// words (`SpokenKeys`): never `↑`, `⏎` or `Esc`, which a synthesiser reads badly. It writes
/// nothing itself: the caller prints what it returns, so a terminal, a script and a test hear
/// the same.
@MainActor
public final class ScreenReader {
  private let strings: Localizer
  /// What asked for the reader at start besides the Settings toggle, as written.
  private let askedBy: String?
  /// Keys and characters in words, in `strings`' language.
  private let spokenKeys: SpokenKeys
  private var last: (scene: Said, presentation: SpokenPresentation)?
  /// The last line said for each fact of the current place, by key.
  private var facts: [SpokenPresentation.FactKey: String] = [:]

  /// What the reader said about the scene around the presentation, to compare with the next.
  private struct Said: Equatable {
    var sessionName: String?
    var activity: String?
    var toast: ToastEvent?
    var toastsShown: Int
    var commandLine: String?
    var commandLinesRun: Int

    /// The toast that came on screen since `before`, if any.
    func toastArriving(since before: Said) -> ToastEvent? {
      toast.flatMap { $0 != before.toast || toastsShown != before.toastsShown ? $0 : nil }
    }
  }

  /// A reader speaking `strings`' language.
  /// - Parameters:
  ///   - strings: the language every line is said in.
  ///   - askedBy: what asked for the reader at start, as the person wrote it (`--screen-reader`,
  ///     `FUN_SCREEN_READER=1`), or `nil` when the Settings toggle did: with the toggle off it
  ///     speaks all the same, and Settings says so rather than a bare "off".
  public init(strings: Localizer, askedBy: String? = nil) {
    self.strings = strings
    self.askedBy = askedBy
    spokenKeys = SpokenKeys(strings: strings)
  }

  /// What to say about `scene`: on the first call a welcome and where the person is, after
  /// that only what changed since the last call. While a toast is on its way
  /// (the scene says a toast is arriving) nothing yet: the change it tells of is said with it, as
  /// one line, on the call after it has arrived.
  public func announcements(for scene: SpokenScene) -> [String] {
    guard !scene.isToastArriving else { return [] }
    let now = presentation(of: scene)
    let said = Said(
      sessionName: scene.sessionName, activity: scene.activity.map { strings($0.name) }, toast: scene.toast,
      toastsShown: scene.toastsShown, commandLine: scene.commandLine, commandLinesRun: scene.commandLinesRun)
    defer { last = (said, now) }
    guard let last else {
      remember(now)
      // `?` and `.` would be typed into a focused field (the sign-in screen's name): the
      // welcome names only the key that works from there.
      let welcome = now.focus?.fieldText != nil ? L10n.Spoken.welcomeInField : L10n.Spoken.welcome
      return [strings(welcome)] + arriving(at: now) + commandLineChange(from: nil, to: said)
        + (scene.toast.map { [line(for: $0)] } ?? [])
    }
    var lines: [String] = []
    if said.sessionName != last.scene.sessionName {
      lines.append(said.sessionName.map { strings(L10n.Spoken.signedIn($0)) } ?? strings(L10n.Spoken.signedOut))
    } else if let activity = scene.activity, said.activity != last.scene.activity {
      lines.append(strings(L10n.Spoken.activity(activity.name)))
    }
    // The line closed (or ran) before whatever its command changed.
    lines += commandLineChange(from: last.scene, to: said)
    if now.identity != last.presentation.identity {
      remember(now)
      lines += arriving(at: now)
      // Keys still go to the `:` line open over the new place (a link arrived, a command
      // went on): say so, or the next key would seem to do nothing here.
      if let text = said.commandLine, last.scene.commandLine != nil {
        lines.append(commandLine(text))
      }
    } else {
      lines += changes(
        from: last.presentation, to: now, toastArriving: said.toastArriving(since: last.scene),
        toastsWaiting: scene.toastsWaiting)
    }
    if let toast = said.toastArriving(since: last.scene) {
      lines.append(line(for: toast))
    }
    return lines
  }

  /// Where the person is, as arriving would say it: for the `.` key.
  public func whereYouAre(in scene: SpokenScene) -> [String] {
    let presentation = presentation(of: scene)
    return presentation.whereYouAre ?? arriving(at: presentation)
  }

  /// The text arriving read that `.` leaves out (an item's description), read again: for `,`;
  /// `nil` where what is on screen has none.
  public func description(in scene: SpokenScene) -> [String]? {
    presentation(of: scene).description
  }

  /// The keys of what has them now, a line per section heading and one per binding: for `?`.
  public func keys(of scene: SpokenScene) -> [String] {
    // Headed as the full-screen help is: by what takes the keys, the `:` line over a screen too.
    let subject =
      scene.commandLine != nil && scene.sheetTitle == nil
      ? strings(L10n.Help.sectionCommandLine) : scene.sheetTitle ?? scene.title
    var lines = [strings(L10n.Help.title(subject))]
    for section in scene.keys {
      lines.append(spokenKeys.text(section.title))
      lines += section.lines.map(spokenKeys.line)
    }
    return lines
  }

  /// The `:` line's commands, for `:help`: a heading, a line per command's name, then how to
  /// complete and recall them. The full screen shows a command's arguments above the line as
  /// it is typed; read aloud, the names are what a person can take in.
  public func commands(named names: [String]) -> [String] {
    [strings(L10n.Spoken.commands)] + names + [strings(L10n.Spoken.commandsKeys)]
  }

  // MARK: Saying it

  private func presentation(of scene: SpokenScene) -> SpokenPresentation {
    SpokenSheets.sheet(of: scene, strings: strings, spokenKeys: spokenKeys)
      ?? SpokenScreens.screen(of: scene, strings: strings, spokenKeys: spokenKeys, askedBy: askedBy)
  }

  /// The lines arriving at `presentation` says: heading, what shows above the focus, focus,
  /// details, and the catalog's error if it has one.
  private func arriving(at presentation: SpokenPresentation) -> [String] {
    var lines = [presentation.heading.filter { !$0.isEmpty }.joined(separator: ", ")]
    lines += presentation.aboveFocus.filter { !$0.isEmpty }
    if let focus = presentation.focus {
      lines.append(focus.text)
      lines += focus.hint.map { [$0] } ?? []
    }
    lines += presentation.details.filter { !$0.isEmpty }
    if case .failed(let reason) = presentation.catalogLoad {
      lines.append(strings(L10n.Spoken.error(.verbatim(reason))))
    }
    return lines
  }

  /// Remembers the facts of a place just arrived at, so only their later changes are said.
  private func remember(_ presentation: SpokenPresentation) {
    facts = Dictionary(presentation.facts.map { ($0.key, $0.line) }, uniquingKeysWith: { _, last in last })
  }

  /// What changed on the same place; `toastArriving` is a new toast said after it, and
  /// `toastsWaiting` those that will be said as they show.
  private func changes(
    from before: SpokenPresentation, to now: SpokenPresentation, toastArriving: ToastEvent?,
    toastsWaiting: [ToastEvent]
  ) -> [String] {
    var lines: [String] = []
    if now.catalogLoad != before.catalogLoad {
      switch (before.catalogLoad, now.catalogLoad) {
      case (_, .loading): lines.append(strings(L10n.Common.loadingCatalog))
      case (_, .refreshing): lines.append(strings(L10n.Spoken.refreshing))
      case (.loading, .idle): lines.append(strings(L10n.Spoken.loaded))
      // How it went is the state's: a failure equal to the error showing brings no toast, and
      // the toast that comes with it says it once, after the rest; one that waits behind
      // another error says it as it shows, as a change waits for the toast that tells it.
      case (.refreshing, .idle):
        if let outcome = now.refreshOutcome, outcome != toastArriving, !toastsWaiting.contains(outcome) {
          lines.append(line(for: outcome))
        }
      case (_, .failed(let reason)): lines.append(strings(L10n.Spoken.error(.verbatim(reason))))
      case (_, .idle): break
      }
    }
    // A refused save says every reason it stands on after the field it focuses, not only
    // the reasons that changed: a person who typed on meanwhile needs them all again.
    let refused = now.refusal.count != before.refusal.count ? refusalLines(of: now) : []
    // A count before the row it is counted in: "3 results", then "1 of 3: …"; a field's
    // reason after the field.
    if now.focus?.id != before.focus?.id {
      for fact in now.facts where now.toldByFocusMove.contains(fact.key) {
        facts[fact.key] = fact.line
      }
    }
    lines += changedFacts(of: now, toastArriving: toastArriving) { !$0.followsFocus }
    if let left = now.fieldLeft, before.focus?.fieldText != nil, now.focus?.fieldText == nil {
      lines.append(left)
    }
    if let focus = now.focus {
      lines += change(of: focus, from: before.focus, toastArriving: toastArriving)
    }
    if let beside = now.rowBesideField, let was = before.rowBesideField, beside.listing == was.listing {
      lines += change(of: beside.row, from: was.row, toastArriving: toastArriving)
    }
    lines += changedFacts(of: now, toastArriving: toastArriving) { $0.followsFocus }
    return lines + refused
  }

  /// The lines of the facts a refused save says, in order, the empty ones left out; each is
  /// remembered as said, so it is not said again as a change.
  private func refusalLines(of presentation: SpokenPresentation) -> [String] {
    var lines: [String] = []
    for key in presentation.refusal.facts {
      guard let line = presentation.facts.first(where: { $0.key == key })?.line else { continue }
      facts[key] = line
      if !line.isEmpty { lines.append(line) }
    }
    return lines
  }

  /// The lines of the facts of `presentation` whose keys are `included` and which changed
  /// since last said, in the presentation's order; an empty one is remembered, and said only
  /// where the presentation says what its going away means, and one that was empty says what
  /// it says when it becomes known, if that differs. A change the arriving toast tells is
  /// remembered and left to it (``toldByToast(_:arriving:)``).
  private func changedFacts(
    of presentation: SpokenPresentation, toastArriving: ToastEvent?,
    _ included: (SpokenPresentation.FactKey) -> Bool
  ) -> [String] {
    var lines: [String] = []
    for fact in presentation.facts where included(fact.key) && facts[fact.key] != fact.line {
      let wasUnknown = facts[fact.key]?.isEmpty ?? false
      let wasSaid = !(facts[fact.key]?.isEmpty ?? true)
      facts[fact.key] = fact.line
      guard !fact.line.isEmpty else {
        if wasSaid, let cleared = presentation.whenCleared[fact.key] { lines.append(cleared) }
        continue
      }
      if wasUnknown {
        let known = presentation.whenKnown[fact.key] ?? fact.line
        lines += known.isEmpty ? [] : [known]
      } else if !toldByToast(presentation.toldBy[fact.key], arriving: toastArriving) {
        lines.append(fact.line)
      }
    }
    return lines
  }

  /// Whether a change is told by the toast arriving with it, `toast` being the one that would
  /// tell it: then the toast's line is the change's, said once. The toast says more (a removal's
  /// offers the undo), and saying the change before it would only delay that. A change whose
  /// toast does not come with it (it waits behind an error) is said as a change.
  private func toldByToast(_ toast: ToastEvent?, arriving: ToastEvent?) -> Bool {
    toast != nil && toast == arriving
  }

  /// What a focus says: the new element (with its place) when it moved, and its hint when it
  /// moved to another field (not to another paragraph of the same one); ↑/↓ from line to line of
  /// a text, the line the cursor landed on; else a favorite's change, or a field's typing; else
  /// its new text when that changed. A favorite's change is left to its toast when that arrives
  /// with it, as a fact's is (``toldByToast(_:arriving:)``).
  private func change(
    of focus: SpokenPresentation.Focus, from before: SpokenPresentation.Focus?, toastArriving: ToastEvent?
  ) -> [String] {
    guard let before, before.id == focus.id else {
      let isNewField = before?.id.field != focus.id.field
      // A line of another paragraph: which paragraph, and the line, not all of it.
      if !isNewField, let line = focus.line { return [line.placed] }
      // Into another group ("Featured" from the list): the group, then the element.
      let group = before.flatMap { $0.group != focus.group ? focus.group : nil }
      return [group.map { $0 + ", " + row(focus) } ?? row(focus)] + (isNewField ? focus.hint.map { [$0] } ?? [] : [])
    }
    if let line = focus.line, focus.fieldText == before.fieldText, line.start != before.line?.start {
      return [line.alone]
    }
    if let favorite = focus.favorite, let was = before.favorite, favorite.isFavorite != was.isFavorite {
      let toast = SpokenPresentation.toast(tellingFavorite: favorite.name, isFavorite: favorite.isFavorite)
      if toldByToast(toast, arriving: toastArriving) { return [] }
      return [
        strings(favorite.isFavorite ? L10n.Spoken.favorited(favorite.name) : L10n.Spoken.unfavorited(favorite.name))
      ]
    }
    // The favorites were just read: a mark they put on the row is what was saved, not a change
    // anyone made now; `.` reads it.
    if focus.favorite != nil, before.favorite == nil, focus.position?.index == before.position?.index,
      focus.position?.count == before.position?.count
    {
      return []
    }
    if let text = focus.fieldText, let old = before.fieldText, text != old {
      return typing(text, after: old, whole: focus.text)
    }
    if focus.position?.index != before.position?.index || focus.position?.count != before.position?.count {
      return [row(focus)]
    }
    // The same element, changed in place (a setting's value): only what it says now.
    return focus.text != before.text ? [focus.text] : []
  }

  /// A field's edit from `old` to `text`: typing at the end is echoed as typed (a space by
  /// name); any other edit (a deletion, a recalled line, the first letters) reads the field
  /// again, `whole`, whose content names what a synthesiser would not say as typing does.
  private func typing(_ text: String, after old: String, whole: String) -> [String] {
    text.hasPrefix(old) && !old.isEmpty ? [spokenKeys.typed(text.dropFirst(old.count))] : [whole]
  }

  /// What the `:` command line says: opening, the line and how to run or leave it; editing, the
  /// typing as a field's; closing, that it closed, unless it ran a line, whose command's outcome
  /// (a screen arrived at, a toast) says what happened instead.
  private func commandLineChange(from before: Said?, to now: Said) -> [String] {
    switch (before?.commandLine, now.commandLine) {
    case (nil, let text?):
      return [commandLine(text), strings(L10n.Spoken.commandLineKeys)]
    case (let old?, let text?):
      return text == old ? [] : typing(text, after: old, whole: commandLine(text))
    case (_?, nil):
      return now.commandLinesRun == before?.commandLinesRun ? [strings(L10n.Spoken.commandLineClosed)] : []
    case (nil, nil):
      return []
    }
  }

  /// The `:` line read whole: "Command line: tab 2", or that it is empty.
  private func commandLine(_ text: String) -> String {
    strings(text.isEmpty ? L10n.Spoken.commandLineEmpty : L10n.Spoken.commandLine(spokenKeys.content(text)))
  }

  /// A focused element with its place: "3 of 14: Swift Concurrency — …".
  private func row(_ focus: SpokenPresentation.Focus) -> String {
    if let placed = focus.placed { return placed }
    guard let position = focus.position else { return focus.text }
    return strings(L10n.Spoken.row(index: position.index + 1, count: position.count, text: focus.text))
  }

  /// A toast as it is said: an error with its reason, the others as they read.
  private func line(for toast: ToastEvent) -> String {
    spokenKeys.text(toast.style == .error ? strings(L10n.Spoken.error(toast.text)) : strings(toast.text))
  }
}
