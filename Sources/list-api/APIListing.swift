/// A module's public API as text: one line per public declaration, `<path>  <declaration>`,
/// sorted, so that a change to the surface is a one-line diff.
///
/// The lines come from the module's symbol graphs, extracted with `-minimum-access-level public`:
/// - the path is the symbol's path inside its module (`FeatureToggles.toggle(_:_:)`); a member
///   the module adds to another module's type is qualified by that module
///   (`FunCore.ServiceKey.favorites`);
/// - the declaration is the graph's declaration fragments joined, plus the `where` clause of a
///   constrained extension it is declared in;
/// - a type's line names its superclass and the protocols it conforms to, after ` : ` as Swift
///   writes them, unqualified (a protocol's declaration already names what it refines);
/// - members a type only inherits (protocol extensions' default implementations such as `!=`,
///   a superclass's members) are left out: the graph marks them synthesized, they are not
///   declared by the module, and which of them the compiler reports differs between toolchains
///   and platforms. So are `Copyable`, `Escapable` and `SendableMetatype`, which every type (or
///   every `Sendable` one) conforms to;
/// - a protocol extension's default implementation of a requirement is marked as such, so it
///   does not read as the requirement twice.
struct APIListing {
  /// The module's lines, sorted.
  let lines: [String]

  /// The listing of the module whose graphs these are (its own and its `Module@Other` ones).
  init(graphs: [SymbolGraph]) {
    lines = graphs.flatMap(Self.lines(of:)).sorted()
  }

  /// Protocols every type conforms to, or every `Sendable` one; some toolchains list them.
  private static let omittedProtocols: Set<String> = ["Copyable", "Escapable", "SendableMetatype"]

  private static func lines(of graph: SymbolGraph) -> [String] {
    let names = Dictionary(
      graph.symbols.map { ($0.identifier.precise, $0.pathComponents.joined(separator: ".")) },
      uniquingKeysWith: { first, _ in first }
    )
    var superclasses: [String: [String]] = [:]
    var conformances: [String: [String]] = [:]
    var defaultImplementations: Set<String> = []
    for relationship in graph.relationships {
      if relationship.kind == "defaultImplementationOf" { defaultImplementations.insert(relationship.source) }
      let target = relationship.targetFallback.map(Self.withoutModule) ?? names[relationship.target]
      guard let target, !omittedProtocols.contains(target) else { continue }
      switch relationship.kind {
      case "inheritsFrom": superclasses[relationship.source, default: []].append(target)
      case "conformsTo": conformances[relationship.source, default: []].append(target)
      default: continue
      }
    }
    return graph.symbols.compactMap { symbol in
      let id = symbol.identifier.precise
      guard !id.contains("::SYNTHESIZED::") else { return nil }
      var declaration = symbol.declarationFragments.map(\.spelling).joined()
      if symbol.kind.identifier != "swift.protocol" {
        let inherited = superclasses[id, default: []] + conformances[id, default: []].sorted()
        if !inherited.isEmpty { declaration = Self.adding(inherited, to: declaration) }
      }
      var path = symbol.pathComponents.joined(separator: ".")
      if let context = symbol.swiftExtension {
        if context.extendedModule != graph.module.name { path = context.extendedModule + "." + path }
        let requirements = Self.requirements(context.constraints ?? [], declaredIn: symbol.pathComponents.dropLast())
        if !requirements.isEmpty { declaration += " where " + requirements.joined(separator: ", ") }
      }
      if defaultImplementations.contains(id) { declaration += " (default implementation)" }
      return path + "  " + declaration
    }
  }

  /// `enum Tab` and `[Hashable, Sendable]` → `enum Tab : Hashable, Sendable`; the list goes
  /// before a generic `where` clause, as in Swift.
  private static func adding(_ inherited: [String], to declaration: String) -> String {
    let clause = " : " + inherited.joined(separator: ", ")
    guard let whereClause = declaration.range(of: " where ") else { return declaration + clause }
    var result = declaration
    result.insert(contentsOf: clause, at: whereClause.lowerBound)
    return result
  }

  /// An extension's constraints as written, without the `Self : P` that every member of a
  /// protocol `P`'s extension has.
  private static func requirements(
    _ constraints: [SymbolGraph.Symbol.Extension.Constraint],
    declaredIn parent: ArraySlice<String>
  ) -> [String] {
    constraints.compactMap { constraint in
      if constraint.lhs == "Self", constraint.kind == "conformance", constraint.rhs == parent.last { return nil }
      return constraint.lhs + (constraint.kind == "sameType" ? " == " : " : ") + constraint.rhs
    }
  }

  /// `FunModel.NetworkService` → `NetworkService`: a type's own declaration names what it
  /// conforms to unqualified, and toolchains differ on the module of some (`Swift.Clock` or
  /// `_Concurrency.Clock`).
  private static func withoutModule(_ name: String) -> String {
    name.firstIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name
  }
}
