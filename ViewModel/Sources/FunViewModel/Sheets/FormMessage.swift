import FunModel

/// What a form sheet says below its fields: why the last save was refused, kept until the text
/// changes, or a notice about the last action alone (a refused paste, an Esc asking for a
/// second one), which the next action takes away.
///
/// One value for the item form and the profile editor, so "Esc twice discards your changes"
/// works the same in both: an Esc on a form with unsaved changes only leaves the notice; the
/// next Esc closes it, any other action keeps editing.
struct FormMessage: Equatable {
  /// Why the last save was refused; the form clears it when the text changes.
  var refusal: LocalizedText?
  /// What the last action could not do; gone with the next action.
  private(set) var notice: LocalizedText?

  /// What the form shows: the notice, as the answer to what was just done, else the refusal.
  var text: LocalizedText? {
    notice ?? refusal
  }

  /// Whether the last action was an Esc that found unsaved changes: a second one discards them.
  private(set) var isDiscardPending = false

  /// An action other than Esc begins: the last action's notice no longer answers anything.
  mutating func beginAction() {
    notice = nil
    isDiscardPending = false
  }

  /// Says why the action under way did nothing, until the next one.
  mutating func say(_ notice: LocalizedText) {
    self.notice = notice
    isDiscardPending = false
  }

  /// Whether an Esc closes the form now: without unsaved changes at once, with them only as the
  /// second Esc in a row; a first one leaves the notice that a second discards them.
  mutating func cancelCloses(hasUnsavedChanges: Bool) -> Bool {
    guard hasUnsavedChanges, !isDiscardPending else { return true }
    notice = L10n.Sheet.discardPending
    isDiscardPending = true
    return false
  }
}
