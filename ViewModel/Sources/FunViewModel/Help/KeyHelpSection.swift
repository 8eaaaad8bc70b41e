/// One titled group of help: the keys of one part of what is on screen, each line the keys'
/// names and what they do, already in the app's language.
///
/// The key-binding tables that dispatch keys live with the screens that own the actions; this
/// is their readable part, the same for every view of the app: one lays the sections out in two
/// columns, another reads them out line by line, and neither can name a key the other does not.
/// Each key is named twice from the key itself, for the eye and for the ear.
public struct KeyHelpSection: Equatable, Sendable {
  /// One line of help: keys and what they do.
  public struct Line: Equatable, Sendable {
    /// The keys' names as help writes them (`↑ ↓ k j`, `Enter`).
    public let keys: String
    /// The keys' names as a screen reader says them, one per key or pair (`Up and Down arrows`,
    /// `k`, `j`): named from the keys themselves, as `keys` is, never parsed back out of it, so
    /// a translation of the written names cannot change what is said.
    public let spokenKeys: [String]
    /// What the keys do.
    public let summary: String

    /// A line saying that `keys`, said `spokenKeys`, do `summary`.
    public init(keys: String, spokenKeys: [String], summary: String) {
      self.keys = keys
      self.spokenKeys = spokenKeys
      self.summary = summary
    }
  }

  /// A section a view looks up among the others, to read its keys where they matter.
  public enum ID: Equatable, Sendable {
    /// The item form's own keys (saving, the field's keys), after its dialog's.
    case itemForm
    /// The activity switcher's keys: Enter, the moves and the number keys, after its dialog's.
    case activitySwitcher
  }

  /// Which section this is, for a view that looks it up; `nil` for one that no view looks up.
  /// The heading is for reading: a translation or a new wording must not lose the section.
  public let id: ID?
  /// What the keys act on, as the section's heading.
  public let title: String
  /// The lines, in the order help lists them.
  public let lines: [Line]

  /// A section of `lines` under `title`, known as `id` if a view looks it up.
  public init(id: ID? = nil, title: String, lines: [Line]) {
    self.id = id
    self.title = title
    self.lines = lines
  }
}
