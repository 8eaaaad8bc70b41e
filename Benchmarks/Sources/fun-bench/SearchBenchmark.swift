import Foundation
import FunModel
import FunViewModel

/// The app's ``/FunViewModel/CatalogSearch`` against the plain scan a developer would write
/// first, on generated catalogs of one size, measured in the same run.
///
/// Each side gets a prepared catalog and one query at a time and returns the matching items in
/// catalog order, as its list would show them:
/// - the app: `CatalogSearch(items:)` built once, then `search(_:)`, which folds the query,
///   matches each of its words against titles, subtitles and categories, case- and
///   diacritic-insensitively, and returns the rows as positions into the catalog
///   (``/FunViewModel/CatalogItems``), so no item is copied;
/// - the baseline (``PlainSubstringScan``): titles and subtitles lowercased once up front, then
///   per search `query.lowercased()` and `title.contains(q) || subtitle.contains(q)` per item,
///   with the `contains` every file that imports Foundation gets (Foundation's, which compares
///   through `NSString`), returning an array of the matching ``/FunModel/FeaturedItem``s, as
///   the code written first does;
/// - for information, a stronger baseline (``ByteSubstringScan``): the same scan over the
///   lowercased UTF-8 bytes, which is about the fastest a plain scan gets without an index.
///
/// The queries never occur in a category name, so all three find the same items; the benchmark
/// checks that they do. Time per search is the mean over ``queries``; time per item divides it
/// by the catalog size, and stays flat when the search grows linearly.
enum SearchBenchmark {
  /// The queries, cycled: a whole word, a common suffix, a prefix, digits, one that never
  /// matches and one that every item matches.
  static let queries = ["streams", "ing", "persist", "42", "zq", "everyday"]

  /// The figures for one catalog size.
  struct Result {
    let itemCount: Int
    let search: Measurement
    let baseline: Measurement
    let byteScan: Measurement

    /// Search time over baseline time.
    var ratio: Double { search.nanosecondsPerOperation / baseline.nanosecondsPerOperation }

    /// Search time over byte-scan time.
    var byteScanRatio: Double { search.nanosecondsPerOperation / byteScan.nanosecondsPerOperation }

    /// Search time per catalog item, in nanoseconds.
    var nanosecondsPerItem: Double { search.nanosecondsPerOperation / Double(itemCount) }
  }

  /// A search on both sides returned different items.
  struct MismatchError: Error, CustomStringConvertible {
    let description: String
  }

  /// Measures both sides on a catalog of `itemCount` generated items, each round running at
  /// least every query once and at least about `itemVisitsPerRound` item comparisons.
  static func run(itemCount: Int, rounds: Int, itemVisitsPerRound: Int) throws(MismatchError) -> Result {
    let items = BenchmarkCatalog.items(count: itemCount)
    let index = CatalogSearch(items: items)
    let scan = PlainSubstringScan(items: items)
    let bytes = ByteSubstringScan(items: items)
    for query in queries {
      let found = index.search(query).map(\.id)
      let expected = scan.search(query).map(\.id)
      let byteFound = bytes.search(query).map(\.id)
      guard found == expected, byteFound == expected else {
        throw MismatchError(
          description: "at \(itemCount) items, \"\(query)\" finds \(found.count) items, the baseline "
            + "\(expected.count), the byte scan \(byteFound.count)"
        )
      }
    }
    let searchesPerQuery = max(1, itemVisitsPerRound / (itemCount * queries.count))
    let iterations = searchesPerQuery * queries.count
    let search = Measurement.run("CatalogSearch.search", iterations: iterations, rounds: rounds) { count in
      for position in 0..<count {
        blackHole(index.search(queries[position % queries.count]))
      }
    }
    let baseline = Measurement.run("plain lowercased scan", iterations: iterations, rounds: rounds) { count in
      for position in 0..<count {
        blackHole(scan.search(queries[position % queries.count]))
      }
    }
    let byteScan = Measurement.run("byte scan", iterations: iterations, rounds: rounds) { count in
      for position in 0..<count {
        blackHole(bytes.search(queries[position % queries.count]))
      }
    }
    return Result(itemCount: itemCount, search: search, baseline: baseline, byteScan: byteScan)
  }

  /// The exponent `k` of the power law `time = c · items^k` that fits one side of `results` best
  /// (least squares in log-log space): 1 for linear growth, 2 for quadratic.
  static func growthExponent(_ results: [Result], of side: KeyPath<Result, Measurement> = \.search) -> Double? {
    powerLawExponent(results.map { ($0.itemCount, $0[keyPath: side].nanosecondsPerOperation) })
  }

}
