import Foundation
import FunCore

/// Resolves ``LocalizedText`` in one ``Language``: the table's text, its placeholders filled,
/// numbers and dates formatted for the language.
///
/// It is a value the composition root creates once from the command line and the
/// environment, and passes down like any other dependency: nothing in the app reads a
/// process-wide language. The log uses ``base``, so it stays in English.
public struct Localizer: Sendable, Hashable {
  /// The language texts are resolved in.
  let language: Language

  /// The time zone dates are written in.
  let timeZone: TimeZone

  /// A localizer for `language`, writing dates in `timeZone`: the person's own where one reads
  /// them, UTC (the default) where the text must read the same on every machine, as a
  /// script's frames and the log do.
  public init(language: Language, timeZone: TimeZone = .gmt) {
    self.language = language
    self.timeZone = timeZone
  }

  /// The base language's localizer (English): the log's, and the default of script mode.
  public static let base = Localizer(language: .base)

  /// `text` in this language.
  func string(_ text: LocalizedText) -> String {
    switch text.content {
    case .verbatim(let string):
      return string
    case .sentence(let text):
      let string = string(text)
      // Only a lower-case letter: a text opening with a quote or a symbol stays as it is.
      guard let first = string.first, first.isLowercase else { return string }
      return first.uppercased() + string.dropFirst()
    case .entry(let key, let arguments):
      let template: String
      switch key.form(in: language) {
      case .text(let text):
        template = text
      case .plural(let one, let other):
        if case .number(let count)? = arguments["count"], count == 1 { template = one } else { template = other }
      }
      return fill(template, with: arguments)
    }
  }

  /// `text` in this language; `strings(L10n.Settings.title)`.
  public func callAsFunction(_ text: LocalizedText) -> String {
    string(text)
  }

  /// `number` written for this language (`1,234` / `1.234`).
  public func format(_ number: Int) -> String {
    // Below a thousand no language here groups or changes digits, and a frame formats a few
    // numbers each time it is drawn; a number format style costs far more than the digits.
    if (0..<1000).contains(number) { return String(number) }
    return number.formatted(.number.locale(locale))
  }

  /// `date`'s day written for this language: English keeps the app's ISO 8601 day
  /// (`2025-01-01`, unambiguous for every reader of English), other languages their own
  /// (`1. Jan. 2025`).
  func format(_ date: Date) -> String {
    guard language != .base, language != .pseudo else {
      var style = Date.ISO8601FormatStyle().year().month().day()
      style.timeZone = timeZone
      return date.formatted(style)
    }
    return date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, timeZone: timeZone))
  }

  /// `date`'s day and its time to the minute on a 24-hour clock: `2025-01-01 14:05` in English
  /// (ISO 8601's order, with a space), `1. Jan. 2025, 14:05` in German.
  func formatDateTime(_ date: Date) -> String {
    guard language != .base, language != .pseudo else {
      let hour = Date.FormatStyle.Symbol.VerbatimHour.twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)
      let style = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: hour):\(minute: .twoDigits)",
        timeZone: timeZone, calendar: Calendar(identifier: .gregorian))
      return date.formatted(style)
    }
    let style = Date.FormatStyle(locale: locale, timeZone: timeZone)
      .day().month(.abbreviated).year().hour(.twoDigits(amPM: .omitted)).minute(.twoDigits)
    return date.formatted(style)
  }

  private var locale: Locale {
    // The pseudo-locale keeps English's formats: it tests text, not formats.
    Locale(identifier: language == .pseudo ? Language.base.rawValue : language.rawValue)
  }

  private func fill(_ template: String, with arguments: [String: LocalizedText.Argument]) -> String {
    // Bytes, not Foundation's `contains`, which searches as `range(of:)` does: most texts have
    // no placeholder, and every frame resolves dozens.
    guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      if let argument = arguments[name] {
        result += string(argument)
      } else {
        result += rest[open...close]
      }
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  private func string(_ argument: LocalizedText.Argument) -> String {
    switch argument {
    case .string(let string): string
    case .number(let number): format(number)
    case .date(let date): format(date)
    case .dateTime(let date): formatDateTime(date)
    case .text(let text): string(text)
    }
  }
}

extension ServiceKey where Value == Localizer {
  /// The app's language: the screens and sheets the coordinators build resolve their text with it.
  public static var localizer: Self { Self("localizer") }
}
