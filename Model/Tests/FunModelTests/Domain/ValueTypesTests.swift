import Foundation
import FunModelTestSupport
import Testing

@testable import FunModel

@Suite("Small domain values")
struct ValueTypesTests {
  @Test("Toast factories set the style and keep the message")
  func toastFactories() {
    #expect(ToastEvent.success("Saved") == ToastEvent(.success, .verbatim("Saved")))
    #expect(ToastEvent.info("Copied").style == .info)
    #expect(ToastEvent.error("Failed").message == "Failed")
    #expect(ToastEvent.displayDuration == .milliseconds(2_500))
  }

  @Test("A new profile's details start from its name; a guest's from \"Guest\"")
  func newProfileDetails() throws {
    let date = Date(timeIntervalSince1970: 1_735_689_600)
    let ada = UserProfile.new(for: .profile(try ProfileName(validating: "Ada")), createdAt: date)
    let guest = UserProfile.new(for: .guest, createdAt: date)

    #expect(ada == UserProfile(displayName: "Ada", name: "Ada", bio: "", createdAt: date))
    #expect(guest.displayName == "Guest")
    #expect(guest.name.isEmpty)
  }

  @Test("Profile details bound each text in bytes as well as in characters")
  func profileDetailsBoundInBytes() throws {
    let profile = UserProfile(displayName: "Ada", name: "ada", bio: "", createdAt: Date(timeIntervalSince1970: 0))
    let heavy = "a" + String(repeating: "\u{E0100}", count: 1_500)
    #expect(throws: AppError.invalidProfileDetails(reason: L10n.Details.nameTooLong(40))) {
      try profile.edited(displayName: heavy, bio: "")
    }
    #expect(throws: AppError.invalidProfileDetails(reason: L10n.Details.bioTooLong(160))) {
      try profile.edited(displayName: "Ada", bio: heavy)
    }
    #expect(
      try profile.edited(displayName: "Ada", bio: String(repeating: "\u{E9}\u{301}", count: 160)).bio.count == 160)
  }
}
