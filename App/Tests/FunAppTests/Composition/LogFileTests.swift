import Foundation
import FunModelTestSupport
import Testing

@testable import FunApp
@testable import FunCore
@testable import FunModel

/// What the composition root does when `fun.log` cannot be opened: root opens a file of mode
/// 000 all the same, so the test gives it a log that fails as such a file does for anyone else.
@Suite("The log file")
struct LogFileTests {
  @Test("A log that cannot be opened shows one error toast saying logging is off and why; the app runs on")
  @MainActor
  func logThatCannotBeOpened() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let state = URL(fileURLWithPath: directory.path("state"), isDirectory: true)
    let folder = URL(fileURLWithPath: directory.path("a folder"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let opened = Locked<[URL]>([])

    let locator = try CompositionRoot.makeLocator(
      options: AppOptions(), stateFolder: state, time: .virtual(VirtualTime.forTests()), environment: [:],
      isScript: true, clipboard: NoClipboard(),
      openLog: { url in
        opened.withLock { $0.append(url) }
        return FileLogSink(url: folder)
      })

    let toast = try locator.resolve(.toasts).visibleToast
    #expect(opened.withLock { $0.map(\.lastPathComponent) } == ["fun.log"])
    #expect(toast?.style == .error)
    #expect(
      toast?.text.description
        == "Logging is off: \(directory.path("state/fun.log")) cannot be opened (Is a directory); Fun runs on without a log"
    )
    #expect(
      toast.map { Localizer(language: .de)($0.text) }
        == "Protokoll aus: \(directory.path("state/fun.log")) lässt sich nicht öffnen (Is a directory); "
        + "Fun läuft ohne Protokoll weiter")
  }

  @Test("A log that opens shows no toast")
  @MainActor
  func logThatOpens() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let state = URL(fileURLWithPath: directory.path("state"), isDirectory: true)

    let locator = try CompositionRoot.makeLocator(
      options: AppOptions(), stateFolder: state, time: .virtual(VirtualTime.forTests()), environment: [:],
      isScript: true, clipboard: NoClipboard())

    #expect(try locator.resolve(.toasts).visibleToast == nil)
    #expect(FileManager.default.fileExists(atPath: directory.path("state/fun.log")))
  }
}
