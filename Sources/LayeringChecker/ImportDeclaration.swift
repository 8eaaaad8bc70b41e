/// One `import` declaration found in a source file.
public struct ImportDeclaration: Hashable, Sendable, CustomStringConvertible {
  /// The imported module: the first component of the path (`Foundation` in `import struct Foundation.URL`).
  public var module: String { path[0] }
  /// The full import path, `["Foundation", "URL"]`.
  public let path: [String]
  /// The declaration kind of a scoped import (`struct`, `func`, …), if any.
  public let kind: String?
  /// Attributes without `@`, in source order (`testable`, `_exported`, `preconcurrency`, `_spi`).
  public let attributes: [String]
  /// The access level of an access-level import (`public`, `package`, …), if any.
  public let accessLevel: String?
  /// The 1-based line of the `import` keyword.
  public let line: Int

  /// The declaration as it would be written, normalised: `@testable public import struct X.Y`.
  public var description: String {
    let parts = attributes.map { "@" + $0 } + [accessLevel, "import", kind].compactMap(\.self)
    return (parts + [path.joined(separator: ".")]).joined(separator: " ")
  }
}
