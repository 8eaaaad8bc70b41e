import FunModel
import FunViewModel

/// The keys a screen, a sheet or the root view takes, in sections, as one table that both
/// dispatches keys and writes the help.
///
/// A focused text field sees every key first (`textField`): what it takes (printable text,
/// its editing keys) never reaches a binding, so `q` types a "q" there. The table has the
/// rest. A section that is not `isActive` (the carousel's keys while the list has the focus)
/// still shows in help, so a person learns what the screen can do, but its keys do nothing
/// until it is.
///
/// Public only as the type of ``Screen/keyBindings(in:)``: its members are this module's, so
/// only this module builds a table, and every screen is this module's own.
@MainActor
public struct KeyBindings {
  /// A titled group of bindings: the keys of one part or mode of a screen.
  struct Section {
    /// What the keys act on, as help's heading.
    let title: LocalizedText
    /// Which section this is for a view that looks it up (the spoken view), whatever its heading.
    let id: KeyHelpSection.ID?
    /// The bindings, in the order help lists them.
    let bindings: [KeyBinding]
    /// Whether the keys act now; help lists inactive sections after the active ones.
    let isActive: Bool

    /// A section of `bindings` under `title`, known as `id` if a view looks it up, active unless
    /// told otherwise.
    init(_ title: LocalizedText, id: KeyHelpSection.ID? = nil, isActive: Bool = true, _ bindings: [KeyBinding]) {
      self.title = title
      self.id = id
      self.bindings = bindings
      self.isActive = isActive
    }
  }

  /// The sections, in the order their keys are looked up.
  let sections: [Section]
  /// The focused text field, if any: it sees each key before the bindings and returns whether
  /// it took it.
  let textField: ((Key) -> Bool)?

  /// A table of `sections`, with the focused text field (if any) before them.
  init(_ sections: [Section], textField: ((Key) -> Bool)? = nil) {
    self.sections = sections
    self.textField = textField
  }

  /// The active binding of `key`, if there is one (the first, if several sections bind it).
  func binding(for key: Key) -> KeyBinding? {
    for section in sections where section.isActive {
      if let binding = section.bindings.first(where: { $0.keys.contains(key) }) {
        return binding
      }
    }
    return nil
  }

  /// Runs the active binding of `key`, without asking the text field; returns whether there
  /// was one. Alt with a capital letter (what a terminal sends for Alt-Shift-b) runs the
  /// binding of Alt with the small one where nothing binds it itself, as readline does: help
  /// names Alt keys by the key's cap (`Alt-B`), as it names Ctrl ones, so both readings work.
  func handleBinding(_ key: Key) -> Bool {
    var key = key
    if binding(for: key) == nil, case .alt(let character) = key, character.isUppercase,
      let small = character.lowercased().first
    {
      key = .alt(small)
    }
    guard let binding = binding(for: key) else { return false }
    binding.action(key)
    return true
  }

  /// Gives `key` to the text field, then to the bindings; returns whether either took it.
  func handle(_ key: Key) -> Bool {
    if let textField, textField(key) {
      return true
    }
    return handleBinding(key)
  }

  /// The sections as help shows them: the active ones (what acts now) first.
  var sectionsForHelp: [Section] {
    sections.filter(\.isActive) + sections.filter { !$0.isActive }
  }
}
