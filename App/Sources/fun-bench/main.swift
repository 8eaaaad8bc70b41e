import Foundation

// fun-bench: Fun's performance figures, measured in one run so ratios compare like with like.
// Build and run in release: `swift run -c release fun-bench` (add `--quick` for CI).

let quick = CommandLine.arguments.contains("--quick")
let scale = quick ? 1 : 10

print("fun-bench (\(quick ? "quick" : "full") mode)\n")

let locator = LocatorBenchmark.run(iterations: 100_000 * scale)
printTable(
  ["benchmark", "ns/op"],
  [
    [locator.service.name, String(format: "%.1f", locator.service.nanosecondsPerOperation)],
    [locator.baseline.name, String(format: "%.1f", locator.baseline.nanosecondsPerOperation)],
    ["ratio (target <= 3.0)", String(format: "%.2f", locator.ratio)],
  ]
)
