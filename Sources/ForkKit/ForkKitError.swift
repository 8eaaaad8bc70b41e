/// Why a fork-kit command refused or failed; each case's text says what to do about it.
package enum ForkKitError: Error, Equatable, CustomStringConvertible {
  /// A name, scheme or host the command cannot use, with the reason.
  case badArgument(String)
  /// The work tree has changes the command would mix its own into.
  case dirtyTree([String])
  /// The tree is not shaped as the command expects (a file missing or changed beyond recognition).
  case unreadableTree(String)
  /// A file could not be read or written.
  case io(String)

  package var description: String {
    switch self {
    case .badArgument(let reason):
      reason
    case .dirtyTree(let paths):
      """
      The work tree has uncommitted changes (\(paths.count), e.g. \(paths.prefix(3).joined(separator: ", "))). \
      Commit or stash them first, so this command's changes can be reviewed on their own, or pass --allow-dirty.
      """
    case .unreadableTree(let reason):
      "This does not look like the package tree the command knows: \(reason)."
    case .io(let reason):
      reason
    }
  }
}
