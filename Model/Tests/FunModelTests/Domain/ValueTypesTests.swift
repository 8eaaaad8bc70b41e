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
  }

  @Test(
    "A toast shows 2.5 s up to five words, then 1 s plus 0.3 s a word, at most 10 s",
    arguments: [
      (0, Duration.milliseconds(2_500)), (1, .milliseconds(2_500)), (5, .milliseconds(2_500)),
      (6, .milliseconds(2_800)), (20, .seconds(7)), (30, .seconds(10)), (200, .seconds(10)),
    ])
  func toastDuration(words: Int, expected: Duration) {
    let text = Array(repeating: "word", count: words).joined(separator: " \n ")
    #expect(ToastEvent.error(text).displayDuration(in: .base) == expected)
  }

  @Test("A toast's duration counts the words it shows in the screen's language, not the log's")
  func toastDurationInLanguage() {
    let toast = ToastEvent.error(L10n.Cli.catalogEmpty)
    let german = Localizer(language: .de)
    #expect(toast.displayDuration(in: german) == ToastEvent.error(german(toast.text)).displayDuration(in: .base))
    #expect(toast.displayDuration(in: german) != toast.displayDuration(in: .base), "13 words in English, 10 in German")
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
