import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCore
@testable import FunFrontend
@testable import FunModel

/// The script `toggle` command changes a feature toggle the way the Settings tab does: through
/// the app's toggles store, the one every screen, the theme and the catalog read.
@Suite("The script toggle command", .timeLimit(.minutes(3)))
@MainActor
struct ToggleCommandTests {
  private let size = TerminalSize.standard

  /// The real app in virtual time, in full colour, signed in to a profile (whose toggle changes
  /// are saved, unlike a guest's) and settled on Home.
  private func startedApplication(in directory: TemporaryDirectory, time: VirtualTime) async throws -> FunApplication {
    let application = try virtualApplication(in: directory, time: time, styleSupport: .full)
    application.start(session: .profile(try ProfileName(validating: "ada")))
    try await application.execute(.wait(.seconds(1)), frameText: { "" })
    return application
  }

  @Test("toggle goes through the store: Home, Settings and the theme show it at once, before its save has run")
  func toggleShowsEverywhereAtOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let time = VirtualTime(watchdog: .seconds(120))
    let application = try await startedApplication(in: directory, time: time)
    #expect(application.frame(size: size).plainText.contains("Featured"))

    // No settling between a command and the frame: nothing waits for the service's stream.
    try await application.execute(.toggle(.featuredCarousel), frameText: { "" })
    #expect(application.root.isSaving)
    #expect(!application.frame(size: size).plainText.contains("Featured"))
    try await application.execute(.tab("settings"), frameText: { "" })
    #expect(application.frame(size: size).plainText.contains("Featured carousel         off"))

    try await application.execute(.toggle(.appearance), frameText: { "" })
    let frame = application.frame(size: size)
    #expect(frame.plainText.contains("Appearance                light"))
    // Every frame is drawn in the root's theme (the Frontend tests check the cells it styles).
    #expect(application.root.theme == Theme.resolved(for: .light, support: .full))

    try await application.settle()
    #expect(!application.root.isSaving)
    #expect(application.frame(size: size).plainText.contains("Featured carousel         off"))
  }

  @Test("toggle network-failure makes the next refresh fail at once, and toggling it again recovers")
  func networkFailureThroughTheStore() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let time = VirtualTime(watchdog: .seconds(120))
    let application = try await startedApplication(in: directory, time: time)

    try await application.execute(.toggle(.networkFailure), frameText: { "" })
    try await application.execute(.refresh, frameText: { "" })
    try await application.execute(.wait(.milliseconds(300)), frameText: { "" })
    let failed = application.frame(size: size).plainText
    #expect(failed.contains(AppError.simulatedNetworkFailure.message))
    // A refresh keeps the items it had.
    #expect(failed.contains("SwiftUI"))

    try await application.execute(.toggle(.networkFailure), frameText: { "" })
    try await application.execute(.wait(.seconds(3)), frameText: { "" })
    try await application.execute(.refresh, frameText: { "" })
    try await application.execute(.wait(.milliseconds(300)), frameText: { "" })
    #expect(application.frame(size: size).plainText.contains("Catalog refreshed"))
  }
}
