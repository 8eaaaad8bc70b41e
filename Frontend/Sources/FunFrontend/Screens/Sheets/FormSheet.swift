import FunModel
import FunViewModel

/// A sheet of text fields (the item form, the profile editor) whose ViewModel names the moves
/// every form shares alike: Enter, Esc, Tab and Shift-Tab, ↑/↓ between fields and the editing
/// keys become its ViewModel's actions of those names, so each form sheet writes only its own
/// keys and its drawing.
@MainActor
protocol FormSheet: Sheet {
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

  /// Typing and pastes into the focused field; the form's table hook, which sees every key
  /// first. Any key but Esc keeps editing, whatever it then does (or if it does nothing): after
  /// an Esc that found unsaved changes, only the very next key may discard them.
  var typing: (Key) -> Bool {
    let type = TextField.typing { self.send(.edit($0)) }
    return { key in
      if key != .escape { self.send(.keepEditing) }
      return type(key)
    }
  }
}
