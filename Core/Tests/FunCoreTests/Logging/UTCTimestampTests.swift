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
    // A step that is not a whole number of days, hours or seconds, so the samples fall at every
    // time of day, every day of the month and every millisecond value over the range.
    let stepMilliseconds: Int64 = (86_400 * 3 + 3_671) * 1000 + 37
    var milliseconds: Int64 = -2_208_988_800_000  // 1900-01-01
    var checked = 0
    while milliseconds < 13_569_465_600_000 {  // 2400-01-01
      let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000 + 0.0004)
      let ours = UTCTimestamp.string(for: date)
      let foundations = date.formatted(style)
      if ours != foundations {
        Issue.record("\(milliseconds) ms: \(ours) != \(foundations)")
        return
      }
      milliseconds += stepMilliseconds
      checked += 1
    }
    #expect(checked > 40_000)
  }
}
