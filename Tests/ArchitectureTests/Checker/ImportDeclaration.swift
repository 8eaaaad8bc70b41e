/// One `import` declaration found in a source file.
struct ImportDeclaration: Hashable, Sendable, CustomStringConvertible {
  /// The imported module: the first component of the path (`Foundation` in `import struct Foundation.URL`).
  var module: String { path[0] }
  /// The full import path, `["Foundation", "URL"]`.
  let path: [String]
  /// The declaration kind of a scoped import (`struct`, `func`, …), if any.
  let kind: String?
  /// Attributes without `@`, in source order (`testable`, `_exported`, `preconcurrency`, `_spi`).
  let attributes: [String]
  /// The access level of an access-level import (`public`, `package`, …), if any.
  let accessLevel: String?
  /// The 1-based line of the `import` keyword.
  let line: Int

  /// The declaration as it would be written, normalised: `@testable public import struct X.Y`.
  var description: String {
    let parts = attributes.map { "@" + $0 } + [accessLevel, "import", kind].compactMap(\.self)
    return (parts + [path.joined(separator: ".")]).joined(separator: " ")
  }
}
