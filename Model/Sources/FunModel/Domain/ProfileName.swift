import Foundation

/// The name of a local profile: 1–32 ASCII letters, digits, `-` and `_`, not starting with `-`.
///
/// It names the profile's folder (`<state>/profiles/<name>`), so the rule keeps it a safe file
/// name on every platform, and one no command reads as an option: `--profile -rf` made
/// `profiles/-rf`, which `rm *` in that folder takes for its flags. A folder named so before
/// that rule is still a profile (``init(savedFolder:)``): it lists, and signs in from the list.
/// Two names that differ only in letter case are one profile (`Ada` and `ada`), also on file
/// systems that tell case apart: equality and hashing ignore case, and the spelling the profile
/// was created with is the one kept.
public struct ProfileName: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The longest name allowed.
  public static let maximumLength = 32

  /// The name as it was created.
  public let value: String

  /// Checks `text` against the rule.
  /// - Throws: ``AppError/invalidProfileName(_:reason:)`` saying what is wrong.
  public init(validating text: String) throws(AppError) {
    try self.init(checking: text)
    guard !text.hasPrefix("-") else {
      throw .invalidProfileName(text, reason: L10n.Names.leadingDash)
    }
  }

  /// The name of a profile folder already saved, which may start with `-` (the rule before
  /// that was refused); `nil` for a folder that is no profile's.
  public init?(savedFolder name: String) {
    do throws(AppError) {
      try self.init(checking: name)
    } catch {
      return nil
    }
  }

  /// Every rule but the one about a leading `-`.
  private init(checking text: String) throws(AppError) {
    guard !text.isEmpty else {
      throw .invalidProfileName(text, reason: L10n.Names.empty)
    }
    guard text.utf8.count <= Self.maximumLength, text.count <= Self.maximumLength else {
      throw .invalidProfileName(text, reason: L10n.Names.tooLong(Self.maximumLength))
    }
    guard text.unicodeScalars.allSatisfy(Self.isAllowed) else {
      throw .invalidProfileName(text, reason: L10n.Names.characters)
    }
    value = text
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", "_": true
    default: false
    }
  }

  /// The name folded for comparison: what makes two spellings one profile.
  var folded: String {
    value.lowercased()
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.folded == rhs.folded
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(folded)
  }

  /// Sorted as a person reads a list: ignoring case, and numbers by their value (`user2`
  /// before `user10`). Names that read the same (`user1`, `user01`, `Ada`, `ada`) fall back to
  /// their text, so the order is always the same.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    switch lhs.folded.compare(rhs.folded, options: .numeric) {
    case .orderedAscending: true
    case .orderedDescending: false
    case .orderedSame: (lhs.folded, lhs.value) < (rhs.folded, rhs.value)
    }
  }

  public var description: String {
    value
  }
}
