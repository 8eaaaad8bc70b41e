/// The colour scheme the user picked in Settings.
public enum Appearance: String, CaseIterable, Codable, Hashable, Sendable, CustomStringConvertible {
  case system, light, dark

  /// The next appearance in the cycle system → light → dark → system, which is what the
  /// Settings toggle steps through.
  public var next: Appearance {
    let all = Appearance.allCases
    let index = all.firstIndex(of: self) ?? 0
    return all[(index + 1) % all.count]
  }

  public var description: String {
    rawValue
  }
}
