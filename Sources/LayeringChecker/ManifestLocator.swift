/// Finds the lines of a `Package.swift` that a manifest violation is about, from the string
/// literals in it: the `.package(…)` that names a dependency, the `.target(name:)` that
/// declares a target, and the literal that names one of a target's dependencies.
///
/// dump-package reports what a manifest declares but not where; this reads the text with the
/// tokenizer, so comments never match. A manifest that builds a name at run time cannot be
/// located exactly: the answer then falls back to the target's line, or to line 1.
struct ManifestLocator {
  /// A string literal and its line.
  private struct Literal {
    let text: String
    let line: Int
    /// Its index in ``literals``.
    let index: Int
    /// The calls the literal is inside, innermost last, by the word before their `(`
    /// (`Package`, `target`, `product`); `nil` for a parenthesis no word precedes.
    let calls: [String?]
    /// The innermost call.
    var call: String? { calls.last ?? nil }
    /// The argument label just before it (`name`, `path`, `url`), if any.
    let label: String?
  }

  /// The kinds of target declarations in a manifest.
  private static let targetCalls: Set<String> = [
    "target", "testTarget", "executableTarget", "plugin", "macro", "systemLibrary", "binaryTarget",
  ]

  private let literals: [Literal]

  /// A locator for the manifest `text`.
  init(_ text: String) {
    let tokens = SwiftTokenizer.tokens(in: text)
    var literals: [Literal] = []
    var calls: [String?] = []  // The call each open parenthesis belongs to.
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .punctuation("("):
        let callee: String? =
          if index > 0, case .word(let name, _) = tokens[index - 1].kind { name } else { nil }
        calls.append(callee)
      case .punctuation(")"):
        _ = calls.popLast()
      case .string(let text):
        var label: String?
        if index > 1, tokens[index - 1].kind == .punctuation(":"), case .word(let word, _) = tokens[index - 2].kind {
          label = word
        }
        literals.append(Literal(text: text, line: token.line, index: literals.count, calls: calls, label: label))
      default:
        break
      }
    }
    self.literals = literals
  }

  /// The line of the target declaration `.target(name: "<name>", …)`.
  func line(ofTarget name: String) -> Int? {
    targetDeclaration(name)?.line
  }

  /// The line where target `target` names `dependency` (a target or product name): inside the
  /// target's declaration if it is spelled there, else wherever the manifest spells it as a
  /// product or target (a shared `let core: Target.Dependency = .product(…)`), else the target's
  /// line.
  func line(ofDependency dependency: String, inTarget target: String) -> Int? {
    if let declaration = targetDeclaration(target) {
      let next = literals[(declaration.index + 1)...].first { Self.isTargetDeclaration($0) }
      let end = next?.index ?? literals.count
      if let inside = literals[(declaration.index + 1)..<end].first(where: { $0.text == dependency }) {
        return inside.line
      }
    }
    let elsewhere = literals.first { literal in
      literal.text == dependency && literal.label == "name" && ["product", "target"].contains(literal.call)
    }
    return elsewhere?.line ?? line(ofTarget: target)
  }

  /// The line of the `.package(…)` that declares `dependency`: by its path's last component, its
  /// URL or its registry identity.
  func line(ofPackageDependency dependency: PackageManifest.Dependency) -> Int? {
    let candidates = literals.filter { $0.call == "package" && ["path", "url", "id"].contains($0.label) }
    let match = candidates.first { literal in
      switch dependency.kind {
      case .fileSystem:
        let wanted = dependency.location.map(Self.lastComponent) ?? dependency.identity
        return Self.lastComponent(literal.text).lowercased() == wanted.lowercased()
      case .sourceControl:
        return literal.text == dependency.location
      case .registry:
        return literal.text.lowercased() == dependency.identity.lowercased()
      }
    }
    return match?.line
  }

  private func targetDeclaration(_ name: String) -> Literal? {
    literals.first { $0.text == name && Self.isTargetDeclaration($0) }
  }

  /// `.target(name: "X")` declares a target unless it sits inside another target's call, where
  /// it is a dependency (`Target.Dependency.target(name:)`).
  private static func isTargetDeclaration(_ literal: Literal) -> Bool {
    let isTargetCall = { (call: String?) in call.map(targetCalls.contains) == true }
    return literal.label == "name" && isTargetCall(literal.call)
      && !literal.calls.dropLast().contains(where: isTargetCall)
  }

  private static func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last { $0 != "." && $0 != ".." }.map(String.init) ?? path
  }
}
