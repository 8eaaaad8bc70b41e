import FunViewModel

/// The actions every form's ViewModel has under the same names; its `Action` enum's cases are
/// the witnesses, so a conformance is one empty extension.
protocol FormAction {
  /// Saves and closes, or says why not and stays open.
  static var confirm: Self { get }
  /// Closes without saving.
  static var cancel: Self { get }
  /// The next field, from the last back to the first.
  static var focusNextField: Self { get }
  /// The previous field, from the first to the last.
  static var focusPreviousField: Self { get }
  /// Edits the focused field (a key or a paste).
  static func edit(_ edit: LineEditor.Edit) -> Self
  /// A key that means nothing in the form: it only calls off a pending discard.
  static var keepEditing: Self { get }
}

extension MyItemFormViewModel.Action: FormAction {}
extension ProfileEditorViewModel.Action: FormAction {}
