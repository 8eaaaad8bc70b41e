import Foundation
import Testing

/// A seeded property check: many generated cases from one seed, so any failure replays exactly.
///
/// The seed is the test's own fixed seed, so CI is repeatable, unless the environment variable
/// `FUN_PROPERTY_SEED` holds a seed (decimal or `0x` hex) to replay, or `random` for a fresh
/// one each run (written to stderr before the cases start, in case one of them crashes). The
/// check stops at the first failing case and records it with the seed and the case number.
/// Every test target reaches it through FunModelTestSupport.
public struct Property: Sendable {
  /// The environment variable that overrides every property test's seed.
  public static let seedVariable = "FUN_PROPERTY_SEED"

  /// Why a generated case does not hold; thrown by ``ensure(_:_:)``.
  public struct Counterexample: Error, CustomStringConvertible {
    /// What went wrong in the case.
    public let description: String

    /// A counterexample described by `description`.
    public init(description: String) {
      self.description = description
    }
  }

  /// The seed the cases are generated from.
  public let seed: UInt64

  /// A check seeded with `defaultSeed`, or with `FUN_PROPERTY_SEED` when it is set.
  public init(seed defaultSeed: UInt64, environment: [String: String] = ProcessInfo.processInfo.environment) {
    switch environment[Self.seedVariable]?.lowercased() {
    case .none, "":
      seed = defaultSeed
    case "random":
      seed = UInt64.random(in: .min ... .max)
      FileHandle.standardError.write(Data("\(Self.seedVariable)=\(Self.hex(seed))\n".utf8))
    case .some(let text):
      guard let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) else {
        Issue.record("\(Self.seedVariable)=\(text) is not a seed: use a decimal or 0x-hex number, or random")
        seed = defaultSeed
        return
      }
      seed = parsed
    }
  }

  /// How to rerun with this seed, for failure messages of checks that do not use ``check(cases:sourceLocation:_:)``.
  public var replay: String {
    "replay with \(Self.seedVariable)=\(Self.hex(seed))"
  }

  /// Throws a ``Counterexample`` saying `message` unless `condition` holds.
  public static func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(Counterexample) {
    guard condition else { throw Counterexample(description: message()) }
  }

  /// Runs `body` for `count` cases drawn from one generator; the first case that throws is
  /// recorded as an issue naming the seed, the case and what went wrong.
  public func check(
    cases count: Int = 10_000,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout SplitMix64) throws -> Void
  ) {
    var generator = SplitMix64(seed: seed)
    for index in 0..<count {
      do {
        try body(&generator)
      } catch {
        Issue.record(
          "case \(index + 1) of \(count) failed: \(error)\n\(replay)",
          sourceLocation: sourceLocation
        )
        return
      }
    }
  }

  private static func hex(_ value: UInt64) -> String {
    "0x" + String(value, radix: 16)
  }
}
