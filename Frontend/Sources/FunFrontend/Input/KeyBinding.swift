import FunModel

/// One line of help and the keys behind it: which keys, what they do as help says it, and
/// what they do.
///
/// A screen lists its bindings in a ``KeyBindings`` table, and both the dispatch of a key and
/// the help overlay read that table, so help can never name a key that does nothing or miss
/// one that does something. Help writes the keys from ``keys`` themselves (``KeyName``), so
/// not even the label can drift from what is bound.
@MainActor
struct KeyBinding {
  /// The keys, in the order help names them.
  let keys: [Key]
  /// What the keys do, as help says it.
  let summary: LocalizedText
  /// Runs for any of ``keys``; it is given the key, so one line of help can cover keys that
  /// go opposite ways (↑ and ↓).
  let action: (Key) -> Void

  /// A binding of `keys` to `action`, which is told which key it runs for.
  init(_ keys: [Key], _ summary: LocalizedText, action: @escaping (Key) -> Void) {
    self.keys = keys
    self.summary = summary
    self.action = action
  }

  /// A binding of `keys` to `action`.
  init(_ keys: [Key], _ summary: LocalizedText, action: @escaping () -> Void) {
    self.init(keys, summary) { (_: Key) in action() }
  }

  /// This binding without the keys `isDropped` picks, or `nil` when none is left: how help
  /// leaves out keys that something before this binding takes.
  func dropping(_ isDropped: (Key) -> Bool) -> KeyBinding? {
    let kept = keys.filter { !isDropped($0) }
    return kept.isEmpty ? nil : KeyBinding(kept, summary, action: action)
  }

  /// One line for two directions: each of `back` steps by -1, each of `forward` by +1. Help
  /// names them in pairs (`↑ ↓ k j`), as people read them.
  static func directions(
    back: [Key], forward: [Key], _ summary: LocalizedText, action: @escaping (Int) -> Void
  ) -> KeyBinding {
    var keys: [Key] = []
    for index in 0..<max(back.count, forward.count) {
      if back.indices.contains(index) { keys.append(back[index]) }
      if forward.indices.contains(index) { keys.append(forward[index]) }
    }
    return KeyBinding(keys, summary) { key in action(back.contains(key) ? -1 : 1) }
  }

  /// `r`, which refreshes `screen` through ``Screen/refresh()``, the action the script's
  /// `refresh` calls too: a screen binds the key only through this, so the two never differ.
  static func refresh(_ screen: any Screen) -> KeyBinding {
    KeyBinding([.char("r")], L10n.Help.refresh) { _ = screen.refresh() }
  }

  /// The keys that scroll a text longer than its room, as a pager's do, the same wherever one
  /// scrolls (Detail, Sources, help): ↑/↓ (`k`/`j`) a line, PgUp/PgDn a `page`, Home/End to
  /// either end (`total` lines, more than any offset). `scroll` gets the lines to move by,
  /// negative up, and keeps the offset within what its layout allows.
  static func scrolling(page: Int, total: Int, by scroll: @escaping (Int) -> Void) -> [KeyBinding] {
    [
      .directions(back: [.up, .char("k")], forward: [.down, .char("j")], L10n.Help.scroll) { scroll($0) },
      .directions(back: [.pageUp], forward: [.pageDown], L10n.Help.page) { scroll($0 * page) },
      .directions(back: [.home], forward: [.end], L10n.Help.ends) { scroll($0 * total) },
    ]
  }

  /// Where a scroll by `lines` (negative: up) from `offset` lands, kept between the top and
  /// `maximum`, the largest offset the layout allows. An `offset` past `maximum` (a resize or a
  /// shorter text lowered it since) moves from `maximum`, where the text shows.
  static func scrolledOffset(from offset: Int, by lines: Int, maximum: Int) -> Int {
    min(max(min(offset, maximum) + lines, 0), maximum)
  }
}
