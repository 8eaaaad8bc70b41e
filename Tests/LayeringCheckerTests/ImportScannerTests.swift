import LayeringChecker
import Testing

@Suite("ImportScanner")
struct ImportScannerTests {
  @Test(
    "Every spelling of an import is found with its module and line",
    arguments: [
      ("import FunCore", "FunCore", "import FunCore"),
      ("@testable import FunCore", "FunCore", "@testable import FunCore"),
      ("@_exported import FunCore", "FunCore", "@_exported import FunCore"),
      ("@preconcurrency import FunCore", "FunCore", "@preconcurrency import FunCore"),
      ("@_implementationOnly import FunCore", "FunCore", "@_implementationOnly import FunCore"),
      ("@_spi(Internal) import FunCore", "FunCore", "@_spi import FunCore"),
      ("public import FunCore", "FunCore", "public import FunCore"),
      ("package import FunCore", "FunCore", "package import FunCore"),
      ("internal import FunCore", "FunCore", "internal import FunCore"),
      ("fileprivate import FunCore", "FunCore", "fileprivate import FunCore"),
      ("private import FunCore", "FunCore", "private import FunCore"),
      ("@testable public import FunCore", "FunCore", "@testable public import FunCore"),
      ("import struct FunCore.ServiceKey", "FunCore", "import struct FunCore.ServiceKey"),
      ("import class FunCore.Logger", "FunCore", "import class FunCore.Logger"),
      ("import enum FunCore.LogLevel", "FunCore", "import enum FunCore.LogLevel"),
      ("import protocol FunCore.LogSink", "FunCore", "import protocol FunCore.LogSink"),
      ("import func FunCore.helper", "FunCore", "import func FunCore.helper"),
      ("import var FunCore.value", "FunCore", "import var FunCore.value"),
      ("import let FunCore.constant", "FunCore", "import let FunCore.constant"),
      ("import typealias FunCore.Alias", "FunCore", "import typealias FunCore.Alias"),
      ("public import struct Foundation.URL", "Foundation", "public import struct Foundation.URL"),
      ("import Foundation.NSString", "Foundation", "import Foundation.NSString"),
      ("import `FunCore`", "FunCore", "import FunCore"),
      ("import FunCore // the core", "FunCore", "import FunCore"),
      ("import FunCore /* the core */", "FunCore", "import FunCore"),
    ]
  )
  func findsEverySpelling(line: String, module: String, normalised: String) {
    let source = "// header\n\n\(line)\n\nlet x = 1\n"

    let imports = ImportScanner.imports(in: source)

    #expect(imports.map(\.module) == [module])
    #expect(imports.map(\.line) == [3])
    #expect(imports.map(\.description) == [normalised])
  }

  @Test("Imports inside #if, #elseif and #else are all found, whatever the condition")
  func findsImportsInConditionalBlocks() {
    let source = """
      #if canImport(Glibc)
        import Glibc
      #elseif canImport(Darwin)
        import Darwin
      #else
        @testable import FunServices
      #endif
      #if false
      import FunFrontend
      #endif
      """

    let imports = ImportScanner.imports(in: source)

    #expect(imports.map(\.module) == ["Glibc", "Darwin", "FunServices", "FunFrontend"])
    #expect(imports.map(\.line) == [2, 4, 6, 9])
  }

  @Test("An attribute on the line before still belongs to the import, and `;` separates imports")
  func findsSplitAndJoinedImports() {
    let source = """
      @testable
      import FunModel
      import Foundation; import FunCore
      """

    let imports = ImportScanner.imports(in: source)

    #expect(imports.map(\.description) == ["@testable import FunModel", "import Foundation", "import FunCore"])
    #expect(imports.map(\.line) == [2, 3, 3])
  }

  @Test("Text in comments and string literals is not an import")
  func ignoresCommentsAndStrings() {
    // Built line by line so that this test's own literals stay simple.
    let source = [
      ##"// import CommentedOut"##,
      ##"/// import DocComment"##,
      ##"/* import BlockComment */"##,
      ##"/*"##,
      ##" import MultiLineBlock"##,
      ##" /* nested */"##,
      ##" import StillInsideNestedComment"##,
      ##" */"##,
      ##"let single = "import SingleLineString""##,
      ##"let multi = """"##,
      ##"  import MultiLineString"##,
      ##"  \(value("import InInterpolatedString"))"##,
      ##"  """"##,
      ##"let raw = #"import RawString "quoted" \(notInterpolation)"#"##,
      ##"let rawMulti = #""""##,
      ##"  import RawMultiLineString """ still inside"##,
      ##"  """#"##,
      ##"let regex = #/import RegexLiteral/#"##,
      ##"func `import`() {}"##,
      ##"let member = module.import"##,
      ##"import Real"##,
    ].joined(separator: "\n")

    let imports = ImportScanner.imports(in: source)

    #expect(imports.map(\.module) == ["Real"])
    #expect(imports.map(\.line) == [21])
  }

  @Test("Line numbers stay right after multi-line strings and comments")
  func countsLinesThroughLiterals() {
    let source = """
      let text = \"""
        one
        two
        \"""
      /*
       three
       */
      import FunCore
      """

    #expect(ImportScanner.imports(in: source).map(\.line) == [8])
  }

  @Test("An empty or import-free file has no imports")
  func noImports() {
    #expect(ImportScanner.imports(in: "").isEmpty)
    #expect(ImportScanner.imports(in: "let important = importer.imports").isEmpty)
  }
}
