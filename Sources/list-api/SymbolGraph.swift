/// The part of a symbol graph (`swift-symbolgraph-extract`'s `<Module>.symbols.json` and
/// `<Module>@<Other>.symbols.json`) that the listing reads: each symbol's path and declaration,
/// the constraints of the extension that declares it, and who conforms to or inherits from what.
struct SymbolGraph: Decodable {
  struct Module: Decodable {
    let name: String
  }

  struct Symbol: Decodable {
    struct Identifier: Decodable {
      /// The symbol's USR; members a type gets from a protocol extension or a superclass carry
      /// `::SYNTHESIZED::` in theirs.
      let precise: String
    }

    struct Kind: Decodable {
      /// `swift.struct`, `swift.protocol`, `swift.method` and so on.
      let identifier: String
    }

    struct Fragment: Decodable {
      let spelling: String
    }

    /// The extension a member is declared in.
    struct Extension: Decodable {
      struct Constraint: Decodable {
        /// `conformance`, `superclass` or `sameType`.
        let kind: String
        let lhs: String
        let rhs: String
      }

      let extendedModule: String
      let constraints: [Constraint]?
    }

    let identifier: Identifier
    let kind: Kind
    /// The names from the module down to the symbol: `["FeatureToggles", "toggle(_:_:)"]`.
    let pathComponents: [String]
    let declarationFragments: [Fragment]
    let swiftExtension: Extension?
  }

  struct Relationship: Decodable {
    /// `memberOf`, `conformsTo`, `inheritsFrom`, `requirementOf` and so on.
    let kind: String
    let source: String
    let target: String
    /// The target's qualified name when it belongs to another module (`Swift.Hashable`).
    let targetFallback: String?
  }

  let module: Module
  let symbols: [Symbol]
  let relationships: [Relationship]
}
