import Foundation

/// Spells an instant in UTC as ISO 8601, by plain arithmetic: the app's one timestamp
/// formatter, for log lines and the names of quarantined files.
///
/// Foundation's `Date.ISO8601FormatStyle` gives the same text, but its first use sets up a
/// calendar and an ICU time zone: about a millisecond of every start, since the app logs as it
/// starts. Milliseconds are truncated, as Foundation does.
public enum UTCTimestamp {
  /// How the timestamp is spelled.
  public enum Format: Sendable {
    /// `2026-11-21T22:40:58.125Z`: the extended format with milliseconds, for log lines.
    case extended
    /// `20261121T224058Z`: the basic format to the second, safe in file names everywhere.
    case basic
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
    case .basic:
      return "\(padded(year, 4))\(padded(month, 2))\(padded(day, 2))T"
        + "\(padded(hour, 2))\(padded(minute, 2))\(padded(second, 2))Z"
    }
  }

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

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
