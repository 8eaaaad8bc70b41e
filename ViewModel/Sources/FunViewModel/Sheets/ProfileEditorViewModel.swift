import FunModel
import Observation

/// The sheet that edits the signed-in profile's display name and bio.
///
/// The fields start from the saved details; Tab moves between them, typing edits the focused
/// one. ``confirm()`` saves through the session's ``/FunModel/ProfileDetailsService`` and closes
/// the sheet; input the rule refuses leaves the reason in ``message`` and the sheet open.
@Observable
@MainActor
public final class ProfileEditorViewModel {
  /// A field of the sheet.
  public enum Field: CaseIterable, Sendable {
    case displayName, bio
  }

  /// The longest text a field takes while typing: past the rule's limits, so the rule can say
  /// what is wrong, and bounded so a paste cannot grow it without end.
  static let typingLimit = 400

  /// The display name being edited.
  public private(set) var displayName: String
  /// The bio being edited.
  public private(set) var bio: String
  /// The field typing goes to.
  public private(set) var focusedField = Field.displayName
  /// Why the last save was refused, until the text is edited.
  public private(set) var message: LocalizedText?

  /// Who closes the sheet (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SheetCoordinating)?

  @ObservationIgnored private let details: any ProfileDetailsService

  /// Starts from the details `details` holds now.
  public init(details: any ProfileDetailsService) {
    self.details = details
    displayName = details.profile.displayName
    bio = details.profile.bio
  }

  /// Moves the focus to the next field, from the last back to the first.
  public func focusNextField() {
    let fields = Field.allCases
    focusedField = fields[((fields.firstIndex(of: focusedField) ?? 0) + 1) % fields.count]
  }

  /// Moves the focus to the previous field, from the first to the last.
  public func focusPreviousField() {
    let fields = Field.allCases
    focusedField = fields[((fields.firstIndex(of: focusedField) ?? 0) + fields.count - 1) % fields.count]
  }

  /// Types `character` into the focused field.
  public func type(_ character: Character) {
    edit { text in
      if text.count < Self.typingLimit { text.append(character) }
    }
  }

  /// Deletes the focused field's last character.
  public func deleteBackward() {
    edit { text in
      if !text.isEmpty { text.removeLast() }
    }
  }

  /// Empties the focused field.
  public func clearField() {
    edit { $0 = "" }
  }

  /// Saves and closes, or leaves the reason in ``message``.
  public func confirm() {
    do throws(AppError) {
      try details.update(displayName: displayName, bio: bio)
      message = nil
      coordinator?.dismissSheet()
    } catch {
      message = error.text
    }
  }

  /// Closes without saving.
  public func cancel() {
    coordinator?.dismissSheet()
  }

  private func edit(_ change: (inout String) -> Void) {
    switch focusedField {
    case .displayName: change(&displayName)
    case .bio: change(&bio)
    }
    message = nil
  }
}
