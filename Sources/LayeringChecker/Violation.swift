/// One broken layering rule, with where it is broken.
public struct Violation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The rules the checker enforces.
  public enum Rule: String, Sendable, CaseIterable {
    /// A source file imports a module its layer may not import (upward or sideways).
    case layer = "layer"
    /// A source file imports a workspace module that its manifest target does not depend on.
    case undeclaredDependency = "undeclared-dependency"
    /// A manifest target depends on a module (or a product holding one) its layer may not import.
    case manifestLayer = "manifest-layer"
    /// A package depends on the package of a layer it may not import, whether or not a target
    /// uses the dependency yet.
    case packageDependency = "package-dependency"
    /// Production code imports or depends on a test-support module.
    case testSupportInProduction = "test-support-in-production"
    /// A package depends on a package that is not a local path.
    case remoteDependency = "remote-dependency"
    /// A package that the table does not know: a folder with a manifest, or a local dependency.
    case unknownPackage = "unknown-package"
    /// A layer whose package folder has no manifest.
    case missingPackage = "missing-package"
    /// An import or dependency of a module that is neither the workspace's nor the toolchain's.
    case unknownModule = "unknown-module"
    /// A target the table does not know.
    case unknownTarget = "unknown-target"
    /// Production code imports a test framework.
    case testFrameworkInProduction = "test-framework-in-production"
    /// A toolchain module the table keeps away from a target (Glibc in ViewModels).
    case forbiddenToolchainModule = "forbidden-toolchain-module"
  }

  /// The file, relative to the workspace root (`ViewModel/Sources/FunViewModel/X.swift`, `Model/Package.swift`).
  public let file: String
  /// The 1-based line.
  public let line: Int
  /// The rule broken.
  public let rule: Rule
  /// What is wrong and what is allowed instead.
  public let message: String

  /// A violation of `rule` at `file:line`.
  public init(file: String, line: Int, rule: Rule, message: String) {
    self.file = file
    self.line = line
    self.rule = rule
    self.message = message
  }

  /// `file:line: rule: message`, the form editors and CI logs link from.
  public var description: String {
    "\(file):\(line): \(rule.rawValue): \(message)"
  }

  public static func < (lhs: Violation, rhs: Violation) -> Bool {
    (lhs.file, lhs.line, lhs.rule.rawValue, lhs.message) < (rhs.file, rhs.line, rhs.rule.rawValue, rhs.message)
  }
}
