import FunModel
import Testing

@Suite("Small domain values")
struct ValueTypesTests {
  @Test("Toast factories set the style and keep the message")
  func toastFactories() {
    #expect(ToastEvent.success("Saved") == ToastEvent(.success, "Saved"))
    #expect(ToastEvent.info("Copied").style == .info)
    #expect(ToastEvent.error("Failed").message == "Failed")
    #expect(ToastEvent.displayDuration == .milliseconds(2_500))
  }

  @Test("The sample profile is complete")
  func sampleProfile() {
    let profile = UserProfile.sample
    #expect(!profile.name.isEmpty)
    #expect(!profile.handle.isEmpty && !profile.handle.hasPrefix("@"))
    #expect(!profile.bio.isEmpty)
    #expect(profile.memberSince > 2000)
  }
}
