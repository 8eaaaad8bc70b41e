import FunModel
import FunViewModel

/// What each sheet says, read from the ViewModel it draws: its question, its choices and the
/// focused field or row.
///
/// A sheet whose ViewModel it does not know is read from its title and the keys of its dialog
/// section (Enter, Esc), so any sheet is announced with its question and choices.
@MainActor
enum SpokenSheets {
  /// The sheet over `scene`'s screen, in `strings`' language; `nil` while none is up.
  static func sheet(of scene: SpokenScene, strings: Localizer) -> SpokenPresentation? {
    guard let title = scene.sheetTitle else { return nil }
    let identity: SpokenPresentation.Identity = scene.sheetModel.map { .model(ObjectIdentifier($0)) } ?? .titled(title)
    var spoken = SpokenPresentation(identity: identity, heading: [strings(L10n.Spoken.dialog(title))])
    var choices = scene.keys.first?.lines ?? []
    switch scene.sheetModel {
    case let question as ConfirmationViewModel:
      spoken.details = [strings(question.message)]
      // Enter does what the question names: say that, not "confirm".
      if let enter = choices.indices.first {
        choices[enter] = KeyHelpSection.Line(keys: choices[enter].keys, summary: strings(question.confirmTitle))
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
    case let editor as ProfileEditorViewModel:
      let field = editor.focusedField
      let label = field == .displayName ? L10n.Sheet.displayName : L10n.Sheet.bio
      let text = editor.editor(for: field).text
      spoken.focus = SpokenPresentation.Focus(
        id: .profileField(field), text: SpokenScreens.fieldLine(label, text, strings), fieldText: text)
      spoken.facts = [(.message, editor.message.map { strings($0) } ?? "")]
    default:
      break
    }
    spoken.details += choices.map { strings(L10n.Spoken.key(keys: $0.keys, summary: $0.summary)) }
    return spoken
  }
}
