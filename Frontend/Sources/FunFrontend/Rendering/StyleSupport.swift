/// How much styling a terminal should receive.
///
/// Decided once from the environment by ``TerminalCapabilities``; the ``Renderer`` enforces it,
/// so no screen can leak a colour code to a terminal that asked for none.
public enum StyleSupport: Hashable, Sendable {
  /// Colours and attributes.
  case full
  /// Attributes (bold, dim, underline, inverse) but no colour: `NO_COLOR` or `--no-color`.
  /// NO_COLOR (no-color.org) is about colour only, and inverse keeps the selection visible.
  case attributesOnly
  /// No SGR sequence at all: `TERM=dumb`.
  case none
}
