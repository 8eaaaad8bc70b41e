import FunModel
import FunViewModel

/// A sheet of text fields (the item form, the profile editor) whose ViewModel names the moves
/// every form shares alike: Enter, Esc, Tab and Shift-Tab, ↑/↓ between fields and the editing
/// keys become its ViewModel's actions of those names, so each form sheet writes only its own
/// keys and its drawing.
@MainActor
protocol FormSheet: KeyBoundSheet {
  /// What the sheet's ViewModel takes.
  associatedtype Action: FormAction

  /// Hands `action` to the sheet's ViewModel.
  func send(_ action: Action)
}

extension FormSheet {
  var isEditingText: Bool { true }

  func confirm() {
    send(.confirm)
  }

  func cancel() {
    send(.cancel)
  }

  func focusNextField() {
    send(.focusNextField)
  }

  func focusPreviousField() {
    send(.focusPreviousField)
  }

  /// ↑/↓ as Tab and Shift-Tab, for a form whose focused field gives them no meaning of its own.
  var nextFieldBinding: KeyBinding {
    .directions(back: [.up], forward: [.down], L10n.Help.nextField) { direction in
      self.send(direction < 0 ? .focusPreviousField : .focusNextField)
    }
  }

  /// The editing keys of ``TextField``, listed for help, applied to the focused field.
  var editingBindings: KeyBindings.Section {
    TextField.keyBindings { self.send(.edit($0)) }
  }

  /// Typing and pastes into the focused field.
  var typing: (Key) -> Bool {
    TextField.typing { self.send(.edit($0)) }
  }
}
