import FunModelTestSupport
import Testing

@testable import FunFrontend

/// Property tests of sanitising, 10 000 random strings each. Replay a failure with
/// `FUN_PROPERTY_SEED=<seed> swift test --filter TextSanitizerPropertyTests`.
@Suite("TextSanitizer properties")
struct TextSanitizerPropertyTests {
  @Test("Sanitised text never holds a C0, C1, DEL, ESC or bidi control, and sanitising it again changes nothing")
  func removesEveryControl() {
    Property(seed: 0x5A7_0001).check { generator in
      let text = generator.untrustedText()
      let sanitized = TextSanitizer.sanitize(text)
      let control = sanitized.unicodeScalars.first(where: UntrustedText.isControl)
      try Property.ensure(
        control == nil,
        "\(text.debugDescription) sanitised to \(sanitized.debugDescription), which holds U+\(String(control?.value ?? 0, radix: 16))"
      )
      try Property.ensure(TextSanitizer.sanitize(sanitized) == sanitized, "\(text.debugDescription) is not stable")
    }
  }

  @Test("Text with nothing a terminal would act on comes out unchanged")
  func keepsVisibleText() {
    Property(seed: 0x5A7_0002).check { generator in
      let text = generator.visibleText()
      let sanitized = TextSanitizer.sanitize(text)
      try Property.ensure(sanitized == text, "\(text.debugDescription) sanitised to \(sanitized.debugDescription)")
    }
  }
}
