import FunModelTestSupport
import Testing

@testable import FunFrontend

/// Property tests of cutting and padding to a width, 10 000 random strings each, raw and
/// sanitised. Replay a failure with `FUN_PROPERTY_SEED=<seed> swift test --filter DisplayWidthPropertyTests`.
@Suite("DisplayWidth properties")
struct DisplayWidthPropertyTests {
  @Test("Truncated text never exceeds the width, keeps whole grapheme clusters, and is cut only when too wide")
  func truncationFits() {
    Property(seed: 0xD15_0001).check { generator in
      let raw = generator.untrustedText(maximumPieces: 24)
      let text = Bool.random(using: &generator) ? TextSanitizer.sanitize(raw) : raw
      let width = Int.random(in: -2...30, using: &generator)
      let result = DisplayWidth.truncate(text, to: width)
      let described = "truncate(\(text.debugDescription), to: \(width)) = \(result.debugDescription)"
      try Property.ensure(DisplayWidth.of(result) <= max(0, width), "\(described) is \(DisplayWidth.of(result)) wide")
      if width <= 0 {
        try Property.ensure(result.isEmpty, "\(described), but the width is \(width)")
      } else if DisplayWidth.of(text) <= width {
        try Property.ensure(result == text, "\(described), but the text fits")
      } else {
        try Property.ensure(result.unicodeScalars.last == "…", "\(described) does not end in …")
        let kept = String(String.UnicodeScalarView(result.unicodeScalars.dropLast()))
        try Property.ensure(Array(text).starts(with: Array(kept)), "\(described) splits a grapheme cluster")
      }
    }
  }

  @Test("Padded sanitised text is exactly the width, whatever the alignment")
  func paddingFills() {
    let alignments: [DisplayWidth.Alignment] = [.leading, .trailing, .center]
    Property(seed: 0xD15_0002).check { generator in
      let text = TextSanitizer.sanitize(generator.untrustedText(maximumPieces: 24))
      let width = Int.random(in: -2...30, using: &generator)
      let alignment = alignments.randomElement(using: &generator) ?? .leading
      let result = DisplayWidth.pad(text, to: width, alignment: alignment)
      try Property.ensure(
        DisplayWidth.of(result) == max(0, width),
        "pad(\(text.debugDescription), to: \(width), \(alignment)) = \(result.debugDescription), \(DisplayWidth.of(result)) wide"
      )
    }
  }
}
