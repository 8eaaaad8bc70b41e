import FunApp
import FunCore
import FunFrontend
import FunModel
import Observation

/// Input latency and output size of the real app, built in-process exactly as `fun` builds it
/// (composition root, services, coordinators, screens) on a manual clock, drawing on a
/// headless terminal with full colour.
///
/// After the catalog has loaded, the Search tab's field gets the focus (`/`); each sample is
/// one key press routed through ``/FunFrontend/RootView/handle(_:)``, the frame rendered under
/// Observation tracking as interactive mode does, and presented (diffed and encoded). Keys
/// alternate between typing and deleting (`s`, `w`, Backspace, Backspace), so the query stays
/// short and the debounced search (400 ms of virtual time, never advanced) stays out of the
/// measurement: it runs after the frame a key produces, not before.
///
/// Bytes per keystroke are the mean bytes a sample writes; a full redraw is what the same
/// frames cost after ``/FunFrontend/HeadlessTerminal/invalidate()``.
@MainActor
enum KeystrokeBenchmark {
  /// The figures for one terminal size.
  struct Result {
    let size: TerminalSize
    /// Key press to frame written.
    let latency: LatencyDistribution
    /// The mean bytes written per key press.
    let bytesPerKeystroke: Double
    /// The mean bytes of a full redraw of the same frames.
    let fullRedrawBytes: Double
    /// Drawing one frame into a canvas (``/FunFrontend/RootView/render(size:)``).
    let render: Measurement
    /// Encoding one frame as a full redraw (``/FunFrontend/Renderer/frame(for:)``).
    let fullRedraw: Measurement

    /// Bytes per keystroke over bytes of a full redraw.
    var byteRatio: Double { bytesPerKeystroke / fullRedrawBytes }
  }

  /// The key sequence, cycled.
  static let keys: [Key] = [.char("s"), .char("w"), .backspace, .backspace]

  /// Builds the app with its state in `stateDirectory` and measures `samples` key presses on a
  /// terminal of `size`.
  static func run(size: TerminalSize, samples: Int, stateDirectory: String) async throws -> Result {
    // A guest session: the tabs, with nothing saved between samples.
    let (application, time) = try makeInProcessApp(
      stateDirectory: stateDirectory, session: .guest, styleSupport: .full)
    // Past the bundled catalog's simulated latency: the Search tab lists every item.
    try await time.advance(by: .seconds(1))
    try await time.settle()

    let terminal = HeadlessTerminal(size: size, capabilities: TerminalCapabilities(styleSupport: .full))
    let rootView = application.rootView
    rootView.handle(.char("/"))
    terminal.present(application.frame(size: size))

    let stopwatch = ContinuousClock()
    var durations: [Duration] = []
    durations.reserveCapacity(samples)
    var keystrokeBytes = 0
    // Whole cycles, so the query ends where it started and every key counts the same.
    let sampleCount = (samples + keys.count - 1) / keys.count * keys.count
    for sample in 0..<sampleCount {
      let before = terminal.bytesWritten
      let start = stopwatch.now
      rootView.handle(keys[sample % keys.count])
      let canvas = withObservationTracking {
        application.frame(size: size)
      } onChange: {
      }
      terminal.present(canvas)
      durations.append(start.duration(to: stopwatch.now))
      keystrokeBytes += terminal.bytesWritten - before
      // What the run loop does between two keys: the cancelled debounce tasks finish.
      try await time.settle()
    }

    var fullRedrawBytes = 0
    for key in keys {
      rootView.handle(key)
      try await time.settle()
      terminal.invalidate()
      let before = terminal.bytesWritten
      terminal.present(application.frame(size: size))
      fullRedrawBytes += terminal.bytesWritten - before
    }

    let iterations = max(samples / 4, 50)
    let render = Measurement.run("RootView.render", iterations: iterations) { count in
      for _ in 0..<count {
        blackHole(application.frame(size: size))
      }
    }
    let canvas = application.frame(size: size)
    let fullRedraw = Measurement.run("Renderer full redraw", iterations: iterations) { count in
      for _ in 0..<count {
        var renderer = Renderer(support: .full)
        blackHole(renderer.frame(for: canvas))
      }
    }
    return Result(
      size: size,
      latency: LatencyDistribution(durations),
      bytesPerKeystroke: Double(keystrokeBytes) / Double(sampleCount),
      fullRedrawBytes: Double(fullRedrawBytes) / Double(keys.count),
      render: render,
      fullRedraw: fullRedraw
    )
  }
}
