import Foundation
import Testing

@testable import FunModel

@Suite("Small domain values")
struct ValueTypesTests {
  @Test("Toast factories set the style and keep the message")
  func toastFactories() {
    #expect(ToastEvent.success("Saved") == ToastEvent(.success, "Saved"))
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
}
