import Foundation
import Testing

@testable import FunModel

@Suite("FeatureToggles")
struct FeatureTogglesTests {
  private func decode(_ json: String) throws -> FeatureToggles {
    try JSONDecoder().decode(FeatureToggles.self, from: Data(json.utf8))
  }

  @Test("The defaults are carousel on, system appearance, no simulated failure")
  func defaults() {
    let defaults = FeatureToggles.defaults
    #expect(defaults.showsFeaturedCarousel)
    #expect(defaults.appearance == .system)
    #expect(!defaults.simulatesNetworkFailure)
  }

  @Test("An empty object decodes to the defaults")
  func emptyObjectDecodesToDefaults() throws {
    #expect(try decode("{}") == .defaults)
  }

  @Test("Each missing field falls back to its own default while present ones are kept")
  func missingFieldsFallBack() throws {
    #expect(
      try decode(#"{"appearance":"dark"}"#)
        == FeatureToggles(showsFeaturedCarousel: true, appearance: .dark, simulatesNetworkFailure: false)
    )
    #expect(
      try decode(#"{"showsFeaturedCarousel":false,"simulatesNetworkFailure":true}"#)
        == FeatureToggles(showsFeaturedCarousel: false, appearance: .system, simulatesNetworkFailure: true)
    )
    #expect(
      try decode(#"{"usesScreenReader":true}"#)
        == FeatureToggles(
          showsFeaturedCarousel: true, appearance: .system, simulatesNetworkFailure: false, usesScreenReader: true))
  }

  @Test("Unknown fields are ignored")
  func unknownFieldsIgnored() throws {
    #expect(try decode(#"{"future":1,"appearance":"light"}"#).appearance == .light)
  }

  @Test("Encoding then decoding gives the same toggles")
  func codableRoundTrip() throws {
    let toggles = FeatureToggles(showsFeaturedCarousel: false, appearance: .light, simulatesNetworkFailure: true)

    let data = try JSONEncoder().encode(toggles)

    #expect(try JSONDecoder().decode(FeatureToggles.self, from: data) == toggles)
  }

  @Test("toggle flips the carousel and the failure switch and steps the appearance")
  func toggleChangesOneSetting() {
    var toggles = FeatureToggles.defaults

    toggles.toggle(.featuredCarousel)
    #expect(
      toggles == FeatureToggles(showsFeaturedCarousel: false, appearance: .system, simulatesNetworkFailure: false))

    toggles.toggle(.networkFailure)
    #expect(toggles == FeatureToggles(showsFeaturedCarousel: false, appearance: .system, simulatesNetworkFailure: true))

    toggles.toggle(.appearance)
    #expect(toggles.appearance == .light)
    toggles.toggle(.appearance)
    toggles.toggle(.appearance)
    #expect(toggles.appearance == .system)

    toggles.toggle(.featuredCarousel)
    #expect(toggles.showsFeaturedCarousel)
  }

  @Test("A toggle's value reads on/off for switches and the name for the appearance")
  func valueLabels() {
    let defaults = FeatureToggles.defaults
    #expect(FeatureToggleKey.allCases.map { defaults.label(of: $0).description } == ["on", "system", "off", "off"])

    let changed = FeatureToggles(
      showsFeaturedCarousel: false, appearance: .dark, simulatesNetworkFailure: true, usesScreenReader: true)
    #expect(FeatureToggleKey.allCases.map { changed.label(of: $0).description } == ["off", "dark", "on", "on"])
  }

  @Test("Keys are listed in Settings order with their script names and titles")
  func keys() {
    #expect(FeatureToggleKey.allCases == [.featuredCarousel, .appearance, .networkFailure, .screenReader])
    #expect(
      FeatureToggleKey.allCases.map(\.description) == ["carousel", "appearance", "network-failure", "screen-reader"])
    #expect(
      FeatureToggleKey.allCases.map(\.label.description) == [
        "Featured carousel", "Appearance", "Simulate network failure", "Screen reader mode",
      ]
    )
    #expect(FeatureToggleKey(rawValue: "network-failure") == .networkFailure)
    #expect(FeatureToggleKey(rawValue: "screen-reader") == .screenReader)
  }
}
