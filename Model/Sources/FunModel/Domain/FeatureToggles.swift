/// The runtime feature toggles, persisted by ``FeatureToggleService``.
///
/// Decoding tolerates missing fields (each falls back to its default) so that a state file
/// written by an older version still loads.
public struct FeatureToggles: Hashable, Sendable, Codable {
  /// Whether Home shows the featured carousel.
  public var showsFeaturedCarousel: Bool
  /// The colour scheme.
  public var appearance: Appearance
  /// Whether catalog loads fail on purpose, to exercise the error paths.
  public var simulatesNetworkFailure: Bool
  /// Whether the app starts in screen-reader mode (plain lines, no full screen): read at start,
  /// as `--screen-reader` and `FUN_SCREEN_READER=1` are.
  public var usesScreenReader: Bool

  /// The defaults: carousel on, system appearance, no simulated failure.
  public static let defaults = FeatureToggles(
    showsFeaturedCarousel: true,
    appearance: .system,
    simulatesNetworkFailure: false,
    usesScreenReader: false
  )

  /// Creates a set of toggles.
  init(
    showsFeaturedCarousel: Bool, appearance: Appearance, simulatesNetworkFailure: Bool, usesScreenReader: Bool = false
  ) {
    self.showsFeaturedCarousel = showsFeaturedCarousel
    self.appearance = appearance
    self.simulatesNetworkFailure = simulatesNetworkFailure
    self.usesScreenReader = usesScreenReader
  }

  /// The members of the encoding (`settings.json`), one a toggle: the state file's reader tells
  /// a member it does not know from these.
  public enum CodingKeys: String, CodingKey, CaseIterable {
    case showsFeaturedCarousel, appearance, simulatesNetworkFailure, usesScreenReader
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = FeatureToggles.defaults
    showsFeaturedCarousel =
      try container.decodeIfPresent(Bool.self, forKey: .showsFeaturedCarousel)
      ?? defaults.showsFeaturedCarousel
    appearance = try container.decodeIfPresent(Appearance.self, forKey: .appearance) ?? defaults.appearance
    simulatesNetworkFailure =
      try container.decodeIfPresent(Bool.self, forKey: .simulatesNetworkFailure)
      ?? defaults.simulatesNetworkFailure
    usesScreenReader =
      try container.decodeIfPresent(Bool.self, forKey: .usesScreenReader) ?? defaults.usesScreenReader
  }

  /// Which way ``toggle(_:_:)`` steps a value with more than two settings.
  public enum Direction: Sendable {
    /// The next value (Space, Enter, →).
    case forward
    /// The previous value (←).
    case backward
  }

  /// Applies the change that the toggle with `key` makes: flips a switch (either way flips
  /// it), or steps the appearance to the next or the previous value.
  public mutating func toggle(_ key: FeatureToggleKey, _ direction: Direction = .forward) {
    switch key {
    case .featuredCarousel: showsFeaturedCarousel.toggle()
    case .appearance: appearance = direction == .forward ? appearance.next : appearance.previous
    case .networkFailure: simulatesNetworkFailure.toggle()
    case .screenReader: usesScreenReader.toggle()
    }
  }

  /// The value of one toggle as Settings shows it, in the language the screen is given.
  public func label(of key: FeatureToggleKey) -> LocalizedText {
    switch key {
    case .featuredCarousel: showsFeaturedCarousel ? L10n.Settings.on : L10n.Settings.off
    case .appearance: appearance.label
    case .networkFailure: simulatesNetworkFailure ? L10n.Settings.on : L10n.Settings.off
    case .screenReader: usesScreenReader ? L10n.Settings.on : L10n.Settings.off
    }
  }
}

/// Names the feature toggles, in the order Settings lists them.
public enum FeatureToggleKey: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case featuredCarousel = "carousel"
  case appearance = "appearance"
  case networkFailure = "network-failure"
  case screenReader = "screen-reader"

  /// The label Settings shows, in the language the screen is given.
  public var label: LocalizedText {
    switch self {
    case .featuredCarousel: L10n.Settings.featuredCarousel
    case .appearance: L10n.Settings.appearance
    case .networkFailure: L10n.Settings.networkFailure
    case .screenReader: L10n.Settings.screenReader
    }
  }

  /// The script name: `carousel`, `appearance`, `network-failure`, `screen-reader`.
  public var description: String {
    rawValue
  }
}
