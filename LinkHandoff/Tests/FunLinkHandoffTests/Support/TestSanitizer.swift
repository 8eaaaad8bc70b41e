/// The sanitiser the module's tests give the hand-off in place of the app's (`TextSanitizer`,
/// in FunFrontend, which this package does not import): it drops every control character but a
/// line break, so a test also sees the hand-off make a line break a space itself.
enum TestSanitizer {
  static let sanitize: @Sendable (String) -> String = { text in
    String(
      String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control || $0 == "\n" }))
  }
}
