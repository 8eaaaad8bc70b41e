import Foundation
import Testing

@testable import FunCore

@Suite("UTCTimestamp")
struct UTCTimestampTests {
  @Test(
    "Known instants, including leap days, century years and times before 1970",
    arguments: [
      (0.0, "1970-01-01T00:00:00.000Z"),
      (-0.0005, "1969-12-31T23:59:59.999Z"),
      (951_782_400.5, "2000-02-29T00:00:00.500Z"),
      (1_709_164_799.999, "2024-02-28T23:59:59.999Z"),
      (1_709_164_800.0, "2024-02-29T00:00:00.000Z"),
      (-2_203_891_200.0, "1900-03-01T00:00:00.000Z"),
      (1_795_300_858.125, "2026-11-21T22:40:58.125Z"),
      (253_402_300_799.0, "9999-12-31T23:59:59.000Z"),
    ]
  )
  func knownInstants(seconds: Double, expected: String) {
    #expect(UTCTimestamp.string(for: Date(timeIntervalSince1970: seconds)) == expected)
  }

  @Test(
    "The basic format, for file names, agrees with Foundation's to the second",
    arguments: [0.0, -0.0005, 951_782_400.5, 1_709_164_799.999, -2_203_891_200.0, 1_795_300_858.125]
  )
  func basicFormat(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    let foundation = Date.ISO8601FormatStyle(
      dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted, timeZone: .gmt)
    #expect(UTCTimestamp.string(for: date, format: .basic) == date.formatted(foundation))
  }

  /// Each sample sits 0.4 ms past a whole millisecond: a `Date` keeps its time as a `Double`
  /// from 2001, so an instant exactly on a millisecond can land a hair below it, and then which
  /// millisecond truncation gives depends on rounding, not on the formatter.
  @Test("Agrees with Foundation's ISO 8601 style from 1900 to 2400, at every time of day")
  func agreesWithFoundation() {
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    let checked = Self.forEachSample { milliseconds, date in
      let ours = UTCTimestamp.string(for: date)
      let foundations = date.formatted(style)
      guard ours == foundations else {
        Issue.record("\(milliseconds) ms: \(ours) != \(foundations)")
        return false
      }
      return true
    }
    #expect(checked > 40_000)
  }

  /// Calls `check` with instants from 1900 to 2400 (milliseconds since 1970, and the date
  /// 0.4 ms after), until it returns false; returns how many it passed. The step is not a
  /// whole number of days, hours or seconds, so the samples fall at every time of day, every
  /// day of the month and every millisecond value over the range.
  private static func forEachSample(_ check: (_ milliseconds: Int64, _ date: Date) -> Bool) -> Int {
    let stepMilliseconds: Int64 = (86_400 * 3 + 3_671) * 1000 + 37
    var milliseconds: Int64 = -2_208_988_800_000  // 1900-01-01
    var passed = 0
    while milliseconds < 13_569_465_600_000 {  // 2400-01-01
      guard check(milliseconds, Date(timeIntervalSince1970: Double(milliseconds) / 1000 + 0.0004)) else {
        return passed
      }
      milliseconds += stepMilliseconds
      passed += 1
    }
    return passed
  }

  @Test(
    "The seconds and day formats, for state files and the Profile tab",
    arguments: [
      (0.0, "1970-01-01T00:00:00Z", "1970-01-01"),
      (-0.0005, "1969-12-31T23:59:59Z", "1969-12-31"),
      (951_782_400.5, "2000-02-29T00:00:00Z", "2000-02-29"),
      (1_795_300_858.125, "2026-11-21T22:40:58Z", "2026-11-21"),
    ]
  )
  func secondsAndDayFormats(seconds: Double, expectedSeconds: String, expectedDay: String) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(UTCTimestamp.string(for: date, format: .seconds) == expectedSeconds)
    #expect(UTCTimestamp.string(for: date, format: .day) == expectedDay)
  }

  @Test("What it writes it reads back, to the millisecond, from 1900 to 2400")
  func roundTrips() {
    let checked = Self.forEachSample { milliseconds, date in
      let extended = UTCTimestamp.string(for: date)
      let seconds = UTCTimestamp.string(for: date, format: .seconds)
      guard let readExtended = UTCTimestamp.date(from: extended), let readSeconds = UTCTimestamp.date(from: seconds)
      else {
        Issue.record("\(extended) or \(seconds) did not parse")
        return false
      }
      let wholeSeconds = Double(milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000)
      guard
        abs(readExtended.timeIntervalSince1970 - Double(milliseconds) / 1000) <= 0.000_001,
        readSeconds.timeIntervalSince1970 == wholeSeconds
      else {
        Issue.record("\(extended) read as \(readExtended), \(seconds) as \(readSeconds)")
        return false
      }
      return true
    }
    #expect(checked > 40_000)
  }

  @Test(
    "Reads what Foundation's ISO 8601 style reads: Z, offsets with and without a colon, fractions",
    arguments: [
      "2025-01-01T00:00:00Z",
      "2024-02-29T12:30:45+01:00",
      "2024-02-29T12:30:45-0530",
      "1969-12-31T23:59:59Z",
      "2026-11-21T22:40:58.125Z",
      "2000-03-01T00:00:00.5+14:00",
    ]
  )
  func agreesWithFoundationsParser(text: String) throws {
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains("."))
    let foundations = try style.parse(text)
    let ours = try #require(UTCTimestamp.date(from: text))
    #expect(abs(ours.timeIntervalSince(foundations)) < 0.000_001, "\(text): \(ours) != \(foundations)")
  }

  @Test(
    "Rejects what is not an ISO 8601 date and time, and fields out of range",
    arguments: [
      "", "2025", "2025-01-01", "2025-01-01T00:00:00", "2025-01-01 00:00:00Z", "25-01-01T00:00:00Z",
      "2025-1-01T00:00:00Z", "2025-13-01T00:00:00Z", "2025-00-10T00:00:00Z", "2023-02-29T00:00:00Z",
      "2024-04-31T00:00:00Z", "2025-01-01T24:00:00Z", "2025-01-01T00:60:00Z", "2025-01-01T00:00:60Z",
      "2025-01-01T00:00:00.Z", "2025-01-01T00:00:00Zjunk", "2025-01-01T00:00:00+1:00", "2025-01-01T00:00:00+24:00",
      "２０２５-01-01T00:00:00Z", "+2025-01-01T00:00:00Z",
    ]
  )
  func rejectsMalformed(text: String) {
    #expect(UTCTimestamp.date(from: text) == nil, "\(text) parsed")
  }

  /// Found by the fuzz target `fuzz-timestamp`: such a date was read, then written as
  /// `00-1-12-31T23:00:00Z` or `10000-01-01T00:59:59Z`, which nothing reads back (a profile's
  /// `createdAt`, saved, would have made its profile.json corrupt at the next start).
  @Test(
    "Rejects an instant that an offset carries out of the years 0 to 9999, which it could not write",
    arguments: [
      "0000-01-01T00:00:00+01:00", "0000-01-01T00:59:59+01:00", "9999-12-31T23:59:59-01:00",
      "9999-12-31T23:59:59.9999999999Z",
    ]
  )
  func rejectsInstantsItCannotWrite(text: String) {
    #expect(UTCTimestamp.date(from: text) == nil, "\(text) parsed")
  }

  @Test(
    "Reads the first and the last second it can write, and writes them back the same",
    arguments: [
      "0000-01-01T00:00:00Z", "0000-01-01T01:00:00+01:00", "9999-12-31T23:59:59Z", "9999-12-31T22:59:59-01:00",
    ]
  )
  func readsTheEdgesOfTheYears(text: String) throws {
    let date = try #require(UTCTimestamp.date(from: text))
    let written = UTCTimestamp.string(for: date, format: .seconds)
    #expect(written.hasPrefix("0000-01-01T00:00:00") || written.hasPrefix("9999-12-31T23:59:59"), "\(written)")
    #expect(UTCTimestamp.date(from: written) == date)
  }
}
