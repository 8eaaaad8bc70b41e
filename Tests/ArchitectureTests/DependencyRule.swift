@testable import LayeringChecker

/// The dependency story as a check over source text: where the service locator may be named,
/// where `@Service` may stand, and how a ViewModel gets its coordinator.
///
/// The rule, as docs/Architecture.md states it: the locator is read in exactly one place per
/// scope — that scope's dependencies class, a `ServiceScope` (`RootDependencies` for the app,
/// `SessionDependencies` for a session); only the composition root registers; everything below
/// the coordinators takes values through `init`; a ViewModel that navigates holds its
/// coordinator weakly and is handed it by the coordinator that creates it.
///
/// It reads tokens (``SwiftTokenizer``), so comments and string literals never count.
struct DependencyRule {
  /// What a finding breaks.
  enum Kind: String, CaseIterable {
    /// `@Service` in a type that does not conform to `ServiceScope`.
    case serviceOutsideScope = "service-outside-scope"
    /// The locator (`ServiceLocator`, `makeScope`, `resolve(key)`) named outside the short list.
    case locatorOutsideRoot = "locator-outside-root"
    /// A third scope, or `ServiceScope` named outside the two scopes.
    case undeclaredScope = "undeclared-scope"
    /// A locator bound to a `@TaskLocal` (or read through its `$` projection).
    case taskLocalLocator = "task-local-locator"
    /// Model, Services, ViewModel or Frontend naming the locator or the wrapper.
    case serviceBelowCoordinators = "service-below-coordinators"
    /// A ViewModel that holds its coordinator strongly or takes it through `init`.
    case coordinatorHandOff = "coordinator-hand-off"
  }

  /// One broken rule at a line.
  struct Violation: Equatable, CustomStringConvertible {
    let file: String
    let line: Int
    let kind: Kind
    let message: String

    var description: String {
      "\(file):\(line): \(kind.rawValue): \(message)"
    }
  }

  /// The only files that may name the locator, each with why. A path ending in `/` is a folder.
  static let locatorFiles: [(path: String, reason: String)] = [
    ("Core/Sources/FunCore/ServiceLocator/", "the locator itself"),
    ("App/Sources/FunApp/Composition/", "the composition root: the only code that registers"),
    ("Coordinator/Sources/FunCoordinator/App/RootCoordinator.swift", "owns the session's scope: makes and ends it"),
    ("Coordinator/Sources/FunCoordinator/App/RootDependencies.swift", "the app's scope"),
    ("Coordinator/Sources/FunCoordinator/App/SessionDependencies.swift", "a session's scope"),
    (
      "Model/Sources/FunModel/Services/SessionServicesRegistrar.swift",
      "the composition root's hook that fills a session's scope, declared where the root coordinator sees it"
    ),
    ("Model/Sources/FunModelTestSupport/MockSessionServicesRegistrar.swift", "that hook, for tests"),
  ]

  /// The only files that may name `ServiceScope`: the protocol and the two scopes.
  static let scopeFiles = [
    "Core/Sources/FunCore/ServiceLocator/",
    "Coordinator/Sources/FunCoordinator/App/RootDependencies.swift",
    "Coordinator/Sources/FunCoordinator/App/SessionDependencies.swift",
  ]

  /// fun-bench measures the locator itself, so it may name both; matched by its end, wherever
  /// the benchmarks' package lives.
  static let benchmarkFile = "/fun-bench/LocatorBenchmark.swift"

  /// The production code below the coordinators: it gets every service through `init`.
  static let belowCoordinators = ["Model/Sources/", "Services/Sources/", "ViewModel/Sources/", "Frontend/Sources/"]

  /// Where the ViewModels live.
  static let viewModels = "ViewModel/Sources/"

  /// Whether the rule reads `path`: production sources of a package (tests build their own
  /// locators, as a composition root does).
  static func applies(to path: String) -> Bool {
    path.contains("/Sources/")
  }

  /// Every violation in the file at `path` (relative to the repository root) with `text`.
  static func violations(path: String, text: String) -> [Violation] {
    var scan = Scan(path: path, tokens: SwiftTokenizer.tokens(in: text))
    scan.run()
    return scan.found
  }

  private static func matches(_ path: String, _ entry: String) -> Bool {
    entry.hasSuffix("/") ? path.hasPrefix(entry) : path == entry
  }

  /// One pass over a file's tokens, keeping the stack of type declarations around each token.
  private struct Scan {
    let path: String
    let tokens: [SwiftToken]
    let mayNameLocator: Bool
    let mayNameScope: Bool
    let isBelowCoordinators: Bool
    let isViewModel: Bool
    var found: [Violation] = []
    /// The open type declarations, innermost last: the brace depth inside them, and whether
    /// they conform to `ServiceScope`.
    private var types: [(depth: Int, isScope: Bool)] = []
    /// A type declaration whose `{` is at this token index, with whether it is a scope.
    private var pendingType: (brace: Int, isScope: Bool)?
    private var depth = 0

    init(path: String, tokens: [SwiftToken]) {
      self.path = path
      self.tokens = tokens
      let isBenchmark = path.hasSuffix(DependencyRule.benchmarkFile)
      mayNameLocator = isBenchmark || DependencyRule.locatorFiles.contains { DependencyRule.matches(path, $0.path) }
      mayNameScope = isBenchmark || DependencyRule.scopeFiles.contains { DependencyRule.matches(path, $0) }
      isBelowCoordinators = DependencyRule.belowCoordinators.contains { path.hasPrefix($0) }
      isViewModel = path.hasPrefix(DependencyRule.viewModels)
    }

    mutating func run() {
      for index in tokens.indices {
        let token = tokens[index]
        switch token.kind {
        case .punctuation("{"):
          depth += 1
          if let pending = pendingType, pending.brace == index {
            types.append((depth, pending.isScope))
            pendingType = nil
          }
        case .punctuation("}"):
          if types.last?.depth == depth { types.removeLast() }
          depth -= 1
        case .word(let word, _):
          if Self.typeKeywords.contains(word), let declaration = typeDeclaration(at: index) {
            pendingType = declaration
          }
          check(word: word, at: index)
        case .attribute("Service"):
          if isBelowCoordinators {
            report(.serviceBelowCoordinators, token, "`@Service` below the coordinators: take the service through init")
          } else if types.last?.isScope != true {
            report(
              .serviceOutsideScope, token,
              "`@Service` outside a ServiceScope: only a scope's dependencies class resolves services; "
                + "take the value through init")
          }
        case .attribute("TaskLocal"):
          let declaration = tokens[(index + 1)...].prefix { $0.line == token.line }
          if declaration.contains(where: { $0.kind == .word("ServiceLocator", backticked: false) }) {
            report(
              .taskLocalLocator, token,
              "a locator in a TaskLocal: a scope's dependencies class holds its locator; nothing binds one to a task")
          }
        default:
          break
        }
      }
    }

    private static let typeKeywords: Set = ["class", "struct", "enum", "actor", "extension", "protocol"]
    /// Words after `class` that make it a modifier (`class func`), not a declaration.
    private static let notTypeNames: Set = [
      "func", "var", "let", "subscript", "init", "override", "final", "static", "public", "private", "internal",
      "fileprivate", "open", "convenience", "required",
    ]

    /// The declaration starting at `index` (a type keyword), if it is one: the index of its `{`
    /// and whether its inheritance clause names `ServiceScope`.
    private func typeDeclaration(at index: Int) -> (brace: Int, isScope: Bool)? {
      guard case .word(let name, _)? = tokens[safe: index + 1]?.kind, !Self.notTypeNames.contains(name) else {
        return nil
      }
      var isScope = false
      for next in (index + 2)..<tokens.count {
        switch tokens[next].kind {
        case .punctuation("{"): return (next, isScope)
        case .punctuation(";"), .punctuation("}"): return nil
        case .word("ServiceScope", _): isScope = true
        default: continue
        }
      }
      return nil
    }

    private mutating func check(word: String, at index: Int) {
      let token = tokens[index]
      switch word {
      case "ServiceLocator":
        if case .punctuation(".") = tokens[safe: index + 1]?.kind,
          case .word(let member, _)? = tokens[safe: index + 2]?.kind, member.hasPrefix("$")
        {
          report(
            .taskLocalLocator, token,
            "`ServiceLocator.\(member)` binds a locator to a task: hand a scope's dependencies class its locator")
        } else {
          checkLocatorName("`ServiceLocator`", token)
        }
      case "makeScope", "resolveIfRegistered":
        checkLocatorName("`\(word)`", token)
      case "resolve" where isLocatorResolve(at: index):
        checkLocatorName("`resolve(_:)`", token)
      case "ServiceScope":
        if isBelowCoordinators {
          report(.serviceBelowCoordinators, token, "`ServiceScope` below the coordinators: take services through init")
        } else if !mayNameScope {
          report(
            .undeclaredScope, token,
            "`ServiceScope` outside the two scopes (RootDependencies, SessionDependencies): "
              + "read the scope's dependencies there, and pass values on through init")
        }
      case "Service" where isBelowCoordinators:
        report(.serviceBelowCoordinators, token, "`Service` below the coordinators: take the service through init")
      case "coordinator" where isViewModel:
        checkCoordinatorHandOff(at: index)
      default:
        break
      }
    }

    /// `x.resolve(key)`: the locator's resolve takes its key unlabelled, unlike, say,
    /// `StateDirectory.resolve(explicit:…)`.
    private func isLocatorResolve(at index: Int) -> Bool {
      guard case .punctuation(".")? = tokens[safe: index - 1]?.kind,
        case .punctuation("(")? = tokens[safe: index + 1]?.kind
      else { return false }
      if case .word = tokens[safe: index + 2]?.kind, case .punctuation(":")? = tokens[safe: index + 3]?.kind {
        return false
      }
      return true
    }

    private mutating func checkLocatorName(_ name: String, _ token: SwiftToken) {
      if isBelowCoordinators, !mayNameLocator {
        report(.serviceBelowCoordinators, token, "\(name) below the coordinators: take services through init")
      } else if !mayNameLocator {
        report(
          .locatorOutsideRoot, token,
          "\(name) outside the composition root, the root coordinator and the two scopes: "
            + "read services from a scope's dependencies (RootDependencies, SessionDependencies)")
      }
    }

    /// A ViewModel's `coordinator` is declared `weak var` and never taken through a parameter.
    private mutating func checkCoordinatorHandOff(at index: Int) {
      let token = tokens[index]
      guard case .word(let previous, _)? = tokens[safe: index - 1]?.kind, ["var", "let"].contains(previous) else {
        if case .punctuation(":")? = tokens[safe: index + 1]?.kind,
          case .punctuation(let before)? = tokens[safe: index - 1]?.kind, before == "(" || before == ","
        {
          report(
            .coordinatorHandOff, token,
            "a ViewModel takes no coordinator through init: the coordinator that creates it sets "
              + "`viewModel.coordinator = self` right after")
        }
        return
      }
      // The modifiers before `var`: words, and the parentheses of `private(set)`.
      var modifiers: [String] = []
      var cursor = index - 2
      while cursor >= 0 {
        switch tokens[cursor].kind {
        case .word(let word, _) where token.line == tokens[cursor].line: modifiers.append(word)
        case .punctuation("("), .punctuation(")"): break
        default: cursor = 0
        }
        cursor -= 1
      }
      if !modifiers.contains("weak") {
        report(
          .coordinatorHandOff, token,
          "a ViewModel holds its coordinator weakly: `weak var coordinator: (any …Coordinating)?`")
      }
    }

    private mutating func report(_ kind: Kind, _ token: SwiftToken, _ message: String) {
      found.append(Violation(file: path, line: token.line, kind: kind, message: message))
    }
  }
}
