import Foundation

/// Spells an instant in UTC as ISO 8601 and reads it back, by plain arithmetic: the app's one
/// timestamp formatter and parser, for log lines, the names of quarantined files, the dates in
/// state files and the English day on the Profile tab.
///
/// Foundation's `Date.ISO8601FormatStyle` (and the `.iso8601` JSON date strategies built on it)
/// gives the same text, but its first use sets up a calendar and an ICU time zone: about a
/// millisecond of every start, since the app logs as it starts and reads a profile's creation
/// date as it signs in. Milliseconds are truncated, as Foundation does.
public enum UTCTimestamp {
  /// How the timestamp is spelled.
  public enum Format: Sendable {
    /// `2026-11-21T22:40:58.125Z`: the extended format with milliseconds, for log lines.
    case extended
    /// `2026-11-21T22:40:58Z`: the extended format to the second, as Foundation's `.iso8601`
    /// JSON strategy writes it: for the dates in state files.
    case seconds
    /// `20261121T224058Z`: the basic format to the second, safe in file names everywhere.
    case basic
    /// `2026-11-21`: the day alone.
    case day
  }

  private static let millisecondsPerDay: Int64 = 86_400_000

  /// The timestamp of `date` in `format`, for dates from year 0 to year 9999.
  public static func string(for date: Date, format: Format = .extended) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    let days = floorDivide(milliseconds, millisecondsPerDay)
    let millisecondOfDay = milliseconds - days * millisecondsPerDay
    let (year, month, day) = civilDate(daysSince1970: days)
    let hour = millisecondOfDay / 3_600_000
    let minute = millisecondOfDay / 60_000 % 60
    let second = millisecondOfDay / 1000 % 60
    let millisecond = millisecondOfDay % 1000
    switch format {
    case .extended:
      return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
        + "\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2)).\(padded(millisecond, 3))Z"
    case .seconds:
      return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
        + "\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2))Z"
    case .basic:
      return "\(padded(year, 4))\(padded(month, 2))\(padded(day, 2))T"
        + "\(padded(hour, 2))\(padded(minute, 2))\(padded(second, 2))Z"
    case .day:
      return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
  }

  /// The instant an ISO 8601 date and time in the extended format names, or `nil` when `text`
  /// is not one: `YYYY-MM-DDThh:mm:ss`, optional fractional seconds (`.125`), then `Z` or an
  /// offset from UTC (`+01:00`, `-0530`). That takes what ``Format/seconds`` and
  /// ``Format/extended`` write, and what Foundation's `.iso8601` JSON strategy wrote before.
  /// Out-of-range fields (month 13, February 30, hour 24) are rejected, not rolled over, and so
  /// is an instant outside the years ``string(for:format:)`` writes (0 to 9999), which an offset
  /// can reach from the first or the last day: what this reads, that writes, and reads back.
  public static func date(from text: String) -> Date? {
    var scanner = DigitScanner(bytes: Array(text.utf8))
    guard let year = scanner.number(digits: 4), scanner.skip("-"),
      let month = scanner.number(digits: 2), (1...12).contains(month), scanner.skip("-"),
      let day = scanner.number(digits: 2), (1...daysIn(month: month, year: year)).contains(day),
      scanner.skip("T") || scanner.skip("t"),
      let hour = scanner.number(digits: 2), hour < 24, scanner.skip(":"),
      let minute = scanner.number(digits: 2), minute < 60, scanner.skip(":"),
      let second = scanner.number(digits: 2), second < 60
    else { return nil }
    var fraction = 0.0
    if scanner.skip(".") {
      guard let digits = scanner.fraction() else { return nil }
      fraction = digits
    }
    let offsetSeconds: Int64
    if scanner.skip("Z") || scanner.skip("z") {
      offsetSeconds = 0
    } else {
      let sign: Int64
      if scanner.skip("+") {
        sign = 1
      } else if scanner.skip("-") {
        sign = -1
      } else {
        return nil
      }
      guard let hours = scanner.number(digits: 2), hours < 24 else { return nil }
      _ = scanner.skip(":")
      guard let minutes = scanner.number(digits: 2), minutes < 60 else { return nil }
      offsetSeconds = sign * (hours * 3600 + minutes * 60)
    }
    guard scanner.isAtEnd else { return nil }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    // After adding the fraction: 23:59:59.9999999999 on the last day rounds up to year 10000.
    let interval = Double(seconds) + fraction
    guard interval >= Double(firstWritableSecond), interval < Double(lastWritableSecond + 1) else { return nil }
    return Date(timeIntervalSince1970: interval)
  }

  /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds since 1970: the range
  /// ``string(for:format:)`` writes with four-digit years.
  private static let firstWritableSecond = daysSince1970(year: 0, month: 1, day: 1) * 86_400
  private static let lastWritableSecond = daysSince1970(year: 9999, month: 12, day: 31) * 86_400 + 86_399

  /// The proleptic Gregorian date of a day counted from 1970-01-01, after Howard Hinnant's
  /// `civil_from_days`: count in 400-year eras starting on March 1, so that leap days fall at
  /// the end of a year.
  static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
    let era = floorDivide(shifted, 146_097)
    let dayOfEra = shifted - era * 146_097  // 0...146096
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365  // 0...399
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365, from March 1
    let monthFromMarch = (5 * dayOfYear + 2) / 153  // 0...11
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }

  /// The day counted from 1970-01-01 of a proleptic Gregorian date: the inverse of
  /// ``civilDate(daysSince1970:)``, after Howard Hinnant's `days_from_civil`.
  static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let marchYear = month <= 2 ? year - 1 : year
    let era = floorDivide(marchYear, 400)
    let yearOfEra = marchYear - era * 400  // 0...399
    let monthFromMarch = month > 2 ? month - 3 : month + 9  // 0...11
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146096
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

/// Reads ASCII digits and separators off the front of a timestamp.
private struct DigitScanner {
  let bytes: [UInt8]
  var position = 0

  var isAtEnd: Bool { position == bytes.count }

  /// Consumes `character` if it comes next.
  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  /// Consumes exactly `digits` decimal digits and returns their value.
  mutating func number(digits: Int) -> Int64? {
    guard bytes.count - position >= digits else { return nil }
    var value: Int64 = 0
    for byte in bytes[position..<position + digits] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    position += digits
    return value
  }

  /// Consumes one or more decimal digits after a decimal point and returns them as a fraction
  /// of a second (`125` → 0.125). Digits past the nanosecond are read but do not count.
  mutating func fraction() -> Double? {
    var numerator: Int64 = 0
    var denominator: Int64 = 1
    let start = position
    while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
      if denominator < 1_000_000_000 {
        numerator = numerator * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
        denominator *= 10
      }
      position += 1
    }
    return position > start ? Double(numerator) / Double(denominator) : nil
  }
}
