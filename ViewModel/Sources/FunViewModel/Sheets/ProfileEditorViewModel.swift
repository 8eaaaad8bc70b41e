import FunModel
import Observation

/// The sheet that edits the signed-in profile's display name and bio.
///
/// The fields start from the saved details, the cursor at their end. What a person does arrives
/// as one ``Action`` through ``send(_:)``: Tab moves between the fields, ``Action/edit(_:)`` edits
/// the focused one (keys and pastes alike), ``Action/confirm`` saves through the session's
/// ``/FunModel/ProfileDetailsService``, says so in an info toast as saving an item does, and
/// closes the sheet; input the rule refuses leaves the
/// reason in ``message`` and the sheet open. ``Action/cancel`` closes an unchanged sheet at once;
/// with changes, the first only says in ``message`` that a second discards them, and any other
/// action keeps editing (a key that means nothing here sends ``Action/keepEditing``).
@Observable
@MainActor
public final class ProfileEditorViewModel {
  /// A field of the sheet.
  public enum Field: CaseIterable, Sendable {
    case displayName, bio
  }

  /// What a person can do in the sheet: its keys and script mode send these.
  public enum Action: Equatable, Sendable {
    /// Moves the focus to the next field, from the last back to the first.
    case focusNextField
    /// Moves the focus to the previous field, from the first to the last.
    case focusPreviousField
    /// Edits the focused field (a key or a paste); a change to its text clears the reason the
    /// last save was refused.
    case edit(LineEditor.Edit)
    /// Focuses `field` with the cursor before the character at offset `at` (clamped): a click.
    case placeCursor(in: Field, at: Int)
    /// Saves and closes, or leaves the reason in ``ProfileEditorViewModel/message``.
    case confirm
    /// Closes without saving; with unsaved changes, only the second in a row does.
    case cancel
    /// A key that means nothing in the sheet: it changes nothing, but calls off a pending
    /// discard as every action other than ``cancel`` does.
    case keepEditing
  }

  /// The longest text a field takes while typing: past the rule's limits, so the rule can say
  /// what is wrong, and bounded so a paste cannot grow it without end.
  static let typingLimit = 400

  /// The display name being edited.
  private(set) var displayName: LineEditor
  /// The bio being edited.
  private(set) var bio: LineEditor
  /// The field typing goes to.
  public private(set) var focusedField = Field.displayName
  /// Why the last save was refused, until the text is edited; or, after an Esc that found
  /// unsaved changes, that a second one discards them, until the next action.
  public var message: LocalizedText? {
    formMessage.text
  }

  /// Whether the last action was an Esc that found unsaved changes, so a second one discards
  /// them (``message`` says so): the hints offer that Esc.
  public var isDiscardPending: Bool {
    formMessage.isDiscardPending
  }

  private var formMessage = FormMessage()

  /// Who closes the sheet (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SheetCoordinating)?

  @ObservationIgnored private let details: any ProfileDetailsService
  @ObservationIgnored private let toasts: any ToastService
  /// The fields' text as the sheet opened: what counts as no change.
  @ObservationIgnored private let opening: (displayName: String, bio: String)

  /// Starts from the details `details` holds now; a save is said with `toasts`.
  public init(details: any ProfileDetailsService, toasts: any ToastService) {
    self.details = details
    self.toasts = toasts
    let displayName = LineEditor(details.profile.displayName, limit: Self.typingLimit)
    let bio = LineEditor(details.profile.bio, limit: Self.typingLimit)
    self.displayName = displayName
    self.bio = bio
    opening = (displayName.text, bio.text)
  }

  /// The text and cursor of `field`.
  public func editor(for field: Field) -> LineEditor {
    switch field {
    case .displayName: displayName
    case .bio: bio
    }
  }

  /// What `field` is called, beside it on screen and before it when it is read aloud.
  public static func label(of field: Field) -> LocalizedText {
    switch field {
    case .displayName: L10n.Sheet.displayName
    case .bio: L10n.Sheet.bio
    }
  }

  /// Whether a field holds something the sheet did not open with.
  public var hasUnsavedChanges: Bool {
    displayName.text != opening.displayName || bio.text != opening.bio
  }

  /// Does what `action` asks; the one way the view layers change the sheet.
  public func send(_ action: Action) {
    if action != .cancel { formMessage.beginAction() }
    switch action {
    case .focusNextField: moveFocus(by: 1)
    case .focusPreviousField: moveFocus(by: -1)
    case .edit(let edit): self.edit(edit)
    case .placeCursor(let field, let offset): placeCursor(in: field, at: offset)
    case .confirm: confirm()
    case .cancel:
      if formMessage.cancelCloses(hasUnsavedChanges: hasUnsavedChanges) {
        coordinator?.dismissSheet()
      }
    case .keepEditing: break
    }
  }

  private func moveFocus(by offset: Int) {
    let fields = Field.allCases
    let current = fields.firstIndex(of: focusedField) ?? 0
    focusedField = fields[ListSelection.wrap(current + offset, count: fields.count)]
  }

  private func edit(_ edit: LineEditor.Edit) {
    let changed =
      switch focusedField {
      case .displayName: displayName.apply(edit)
      case .bio: bio.apply(edit)
      }
    if changed { formMessage.refusal = nil }
  }

  private func placeCursor(in field: Field, at offset: Int) {
    focusedField = field
    switch field {
    case .displayName: displayName = displayName.placingCursor(at: offset)
    case .bio: bio = bio.placingCursor(at: offset)
    }
  }

  private func confirm() {
    do throws(AppError) {
      // Only what was changed here: a field left alone keeps what another instance saved.
      try details.update(
        displayName: displayName.text == opening.displayName ? nil : displayName.text,
        bio: bio.text == opening.bio ? nil : bio.text)
      formMessage.refusal = nil
      toasts.show(.info(L10n.Sheet.profileSaved))
      coordinator?.dismissSheet()
    } catch {
      formMessage.refusal = error.text
    }
  }
}
