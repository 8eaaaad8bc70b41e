/// One broken architecture rule, with where it is broken.
struct Violation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The rules the checker enforces.
  enum Rule: String, Sendable, CaseIterable {
    /// A source file imports a module its layer may not import (upward or sideways).
    case layer = "layer"
    /// A source file imports one of our modules that its manifest target does not depend on.
    case undeclaredDependency = "undeclared-dependency"
    /// A manifest target depends on a module its layer may not import.
    case manifestLayer = "manifest-layer"
    /// Production code imports or depends on the mocks module.
    case testSupportInProduction = "test-support-in-production"
    /// A package depends on a package that is not a local path.
    case remoteDependency = "remote-dependency"
    /// An import or dependency of a module that is neither ours nor the toolchain's.
    case unknownModule = "unknown-module"
    /// A target the layer table does not know.
    case unknownTarget = "unknown-target"
    /// Production code imports Testing or XCTest.
    case testFrameworkInProduction = "test-framework-in-production"
    /// A toolchain module the table keeps away from a layer (Glibc in ViewModels).
    case forbiddenToolchainModule = "forbidden-toolchain-module"
  }

  /// The file, relative to the repository root (`ViewModel/Sources/FunViewModel/X.swift`, `Model/Package.swift`).
  let file: String
  /// The 1-based line, when the violation is in a source file.
  let line: Int?
  /// The rule broken.
  let rule: Rule
  /// What is wrong and what is allowed instead.
  let message: String

  /// `file:line: rule: message`, the form editors and CI logs link from.
  var description: String {
    let location = line.map { "\(file):\($0)" } ?? file
    return "\(location): \(rule.rawValue): \(message)"
  }

  static func < (lhs: Violation, rhs: Violation) -> Bool {
    (lhs.file, lhs.line ?? 0, lhs.rule.rawValue, lhs.message) < (
      rhs.file, rhs.line ?? 0, rhs.rule.rawValue, rhs.message
    )
  }
}
