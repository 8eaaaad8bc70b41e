import FunModel
import FunViewModel

/// What each sheet says, read from the ViewModel it draws: its question, its choices and the
/// focused field or row, and, while links wait for it to close, that they do.
///
/// A sheet whose ViewModel it does not know is read from its title and the keys of its dialog
/// section (Enter, Esc), so any sheet is announced with its question and choices.
@MainActor
enum SpokenSheets {
  /// The sheet over `scene`'s screen, in `strings`' language, keys named by `keys` (the
  /// reader's, in that language); `nil` while none is up.
  static func sheet(of scene: SpokenScene, strings: Localizer, spokenKeys keys: SpokenKeys) -> SpokenPresentation? {
    guard let title = scene.sheetTitle else { return nil }
    let identity: SpokenPresentation.Identity = scene.sheetModel.map { .model(ObjectIdentifier($0)) } ?? .titled(title)
    var spoken = SpokenPresentation(identity: identity, heading: [strings(L10n.Spoken.dialog(title))])
    var choices = scene.keys.first?.lines ?? []
    switch scene.sheetModel {
    case let question as ConfirmationViewModel:
      spoken.details = [strings(question.message)]
      // Enter does what the question names: say that, not "confirm".
      if let enter = choices.indices.first {
        choices[enter] = KeyHelpSection.Line(
          keys: choices[enter].keys, spokenKeys: choices[enter].spokenKeys, summary: strings(question.confirmTitle))
      }
    case let switcher as ActivitySwitcherViewModel:
      let rows = switcher.rows
      if rows.indices.contains(switcher.selectedIndex) {
        let row = rows[switcher.selectedIndex]
        var text = strings(row.activity.name)
        if row.isCurrent { text += ", " + strings(L10n.Spoken.current) }
        spoken.focus(
          on: .activity(row.activity.id), at: switcher.selectedIndex, of: rows.count, text: text, strings: strings)
      }
      // The sheet's own keys (Enter opens, a number chooses) before the dialog's Esc: all it binds.
      choices = (scene.keys.first { $0.id == .activitySwitcher }?.lines ?? []) + choices
    case let editor as ProfileEditorViewModel:
      let field = editor.focusedField
      let label = ProfileEditorViewModel.label(of: field)
      let text = editor.editor(for: field).text
      spoken.focus = SpokenPresentation.Focus(
        id: .profileField(field), text: SpokenScreens.fieldLine(label, text, strings, keys), fieldText: text)
      // A message may name a key ("Esc again discards them"): said in words.
      spoken.facts = [(.message, editor.message.map { keys.text(strings($0)) } ?? "")]
    case let form as MyItemFormViewModel:
      // The form's own keys, after the dialog's, from the same table.
      let bound = scene.keys.first { $0.id == .itemForm }
      itemForm(form, keys: bound, spokenKeys: keys, into: &spoken, strings: strings)
    default:
      break
    }
    spoken.details += choices.map(keys.line)
    // Links waiting for the sheet to close: said as they arrive (a fact), and on arriving here
    // after the choices, as the sheet draws it under them.
    let notice = scene.sheetNotice.map { strings($0) } ?? ""
    spoken.facts.append((.waitingLinks, notice))
    if !notice.isEmpty {
      spoken.details.append(notice)
    }
    return spoken
  }

  /// The item form: which item it edits, the focused field (in the description, which
  /// paragraph; after a paste of several, how many it made), and each refused field's reason in
  /// field order, as the sheet shows them beside the labels. The reasons are facts, so a refused
  /// save says them all at once and typing says a reason as it comes, changes or goes ("Id: fine
  /// now"); `.` reads the ones that stand.
  private static func itemForm(
    _ form: MyItemFormViewModel, keys bound: KeyHelpSection?, spokenKeys keys: SpokenKeys,
    into spoken: inout SpokenPresentation, strings: Localizer
  ) {
    let title = form.editor(for: .title).text
    if form.originalID != nil, !title.isEmpty {
      spoken.heading.append(title)
    }
    let field = form.focusedField
    let label = MyItemFormViewModel.label(of: field)
    let text = form.editor(for: field).text
    let paragraphs = form.paragraphs.count
    if field == .description, paragraphs > 1 {
      let (index, label) = (form.focusedParagraph + 1, strings(label))
      let line =
        text.isEmpty
        ? L10n.Spoken.paragraphEmpty(label: label, index: index, count: paragraphs)
        : L10n.Spoken.paragraph(label: label, index: index, count: paragraphs, text: keys.content(text))
      spoken.focus = SpokenPresentation.Focus(
        id: .itemField(field, paragraph: form.focusedParagraph), text: strings(line), fieldText: text)
    } else {
      // A known category is chosen whole (↑/↓), so it is read whole, not echoed as typing.
      let isChosen = field == .category && form.categories.contains(text)
      spoken.focus = SpokenPresentation.Focus(
        id: .itemField(field, paragraph: field == .description ? form.focusedParagraph : 0),
        text: SpokenScreens.fieldLine(label, text, strings, keys), fieldText: isChosen ? nil : text)
    }
    if field == .description, let range = form.cursorLine {
      let characters = Array(text)
      let line = keys.content(
        String(characters[min(range.lowerBound, characters.count)..<min(range.upperBound, characters.count)]))
      let (index, name) = (form.focusedParagraph + 1, strings(label))
      let placed =
        line.isEmpty
        ? L10n.Spoken.paragraphEmpty(label: name, index: index, count: paragraphs)
        : L10n.Spoken.paragraph(label: name, index: index, count: paragraphs, text: line)
      spoken.focus?.line = (
        range.lowerBound, line.isEmpty ? strings(L10n.Spoken.fieldEmpty(name)) : line, strings(placed)
      )
    }
    // The hint is the one the sheet shows under the field, its keys said in words; the
    // description's lists the field's keys, so those are read from the keys the sheet binds
    // there (`bound`, as `?` reads them), not parsed back out of the hint's prose.
    spoken.focus?.hint =
      field == .description
      ? bound.flatMap { $0.lines.isEmpty ? nil : $0.lines.map(keys.line).joined(separator: ", ") }
      : form.hint(for: field).map { keys.text(strings($0)) }
    let problems = MyItemFormViewModel.Field.allCases.map { field in
      let line = form.problem(for: field).map {
        strings(L10n.Spoken.fieldProblem(label: strings(MyItemFormViewModel.label(of: field)), reason: $0))
      }
      return (key: SpokenPresentation.FactKey.problem(field), line: line ?? "")
    }
    // A reason typing fixed is said to have gone, or a person who heard it would not know.
    for field in MyItemFormViewModel.Field.allCases {
      spoken.whenCleared[.problem(field)] = strings(
        L10n.Spoken.fieldProblemCleared(strings(MyItemFormViewModel.label(of: field))))
    }
    // A message may name a key ("Esc again discards them"): said in words.
    let message = form.message.map { keys.text(strings($0)) }
    // A paste of paragraphs moves the focus to the last of them; said alone, that would hide the
    // others.
    let pasted = form.pastedParagraphs.map { strings(L10n.MyItems.pastedParagraphs($0)) } ?? ""
    spoken.facts = problems + [(.message, message ?? ""), (.pasted, pasted)]
    spoken.refusal = (form.refusedSaves, problems.map(\.key) + [.message])
    spoken.details = problems.map(\.line).filter { !$0.isEmpty } + (message.map { [$0] } ?? [])
  }
}
