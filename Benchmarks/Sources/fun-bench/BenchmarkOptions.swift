/// fun-bench's command line.
struct BenchmarkOptions {
  /// A command line fun-bench cannot run.
  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  /// `--quick`: small iteration counts and no million-item search, for CI.
  var quick = false
  /// `--check`: exit 1 when a ratio target is missed by more than 50 %, a bound is passed or a
  /// benchmark fails.
  var check = false
  /// `--json PATH`: where the JSON report goes.
  var jsonPath = ".build-bench/fun-bench.json"
  /// `--fun PATH`: the `fun` binary to start; by default the one beside fun-bench.
  var funPath: String?
  /// `--only SECTION,…`: run only these sections (all when empty).
  var sections: Set<String> = []
  /// `--help`.
  var showHelp = false

  /// The sections, in the order they run.
  static let allSections = [
    "locator", "search", "keystroke", "script", "start-up", "memory", "load", "my-items", "http", "refresh",
    "http-cache",
  ]

  /// Parses the arguments after the program name.
  init(arguments: [String]) throws(ParseError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--quick": quick = true
      case "--check": check = true
      case "--json", "--fun", "--only":
        guard let value = remaining.popFirst() else {
          throw ParseError(description: "option '\(argument)' needs a value")
        }
        switch argument {
        case "--json": jsonPath = value
        case "--fun": funPath = value
        default:
          sections = Set(value.split(separator: ",").map(String.init))
          let unknown = sections.subtracting(Self.allSections)
          guard unknown.isEmpty else {
            throw ParseError(
              description:
                "unknown section '\(unknown.sorted()[0])': expected \(Self.allSections.joined(separator: ", "))"
            )
          }
        }
      case "--help", "-h": showHelp = true
      default: throw ParseError(description: "unknown option '\(argument)'")
      }
    }
  }

  /// Whether `section` (one of ``allSections``) runs.
  func runs(_ section: String) -> Bool {
    sections.isEmpty || sections.contains(section)
  }

  /// The text `--help` prints.
  static let help = """
    usage: fun-bench [--quick] [--check] [--json PATH] [--fun PATH] [--only SECTION,...]

    Measures Fun in one run and prints a table: ServiceLocator resolution, search at scale,
    keystroke-to-frame latency and bytes, script mode per command, start-up, peak memory, loading a large
    catalog against a bare JSONDecoder, loading 10,000 and 100,000 of your own items, memory against an
    http catalog that never ends, memory while a large catalog is refreshed, and a 304 revalidation of a
    saved http catalog against a full load.
    Build it in release from the repository root; that builds `fun` beside it,
    which it starts as a child process:

      swift build -c release --package-path Benchmarks
      $(swift build -c release --package-path Benchmarks --show-bin-path)/fun-bench

    Options:
      --quick      small iteration counts, no million-item search (the CI run)
      --check      exit 1 when a ratio target is missed by more than 50%, a bound is passed or
                   a benchmark cannot run (other absolute times and sizes are reported, never
                   checked)
      --json PATH  write the figures as JSON to PATH (default .build-bench/fun-bench.json)
      --fun PATH   the fun binary to start (default: the one beside fun-bench)
      --only LIST  run only these sections: locator, search, keystroke, script, start-up,
                   memory, load, my-items, http, refresh, http-cache
    """
}
