import Foundation
import Testing

@testable import FunServices

@Suite("StateDirectory")
struct StateDirectoryTests {
  private let home = "/home/ada"

  @Test(
    "Resolution order: --state-dir, then FUN_STATE_DIR, then XDG_STATE_HOME/fun, then ~/.local/state/fun",
    arguments: [
      ("/explicit", ["FUN_STATE_DIR": "/env", "XDG_STATE_HOME": "/xdg"], "/explicit"),
      (nil, ["FUN_STATE_DIR": "/env", "XDG_STATE_HOME": "/xdg"], "/env"),
      (nil, ["XDG_STATE_HOME": "/xdg"], "/xdg/fun"),
      (nil, [:], "/home/ada/.local/state/fun"),
      ("", ["FUN_STATE_DIR": "/env"], "/env"),
      (nil, ["FUN_STATE_DIR": "", "XDG_STATE_HOME": "/xdg"], "/xdg/fun"),
      (nil, ["XDG_STATE_HOME": ""], "/home/ada/.local/state/fun"),
      (nil, ["XDG_STATE_HOME": "relative/state"], "/home/ada/.local/state/fun"),
    ] as [(String?, [String: String], String)]
  )
  func resolutionOrder(explicit: String?, environment: [String: String], expected: String) {
    let url = StateDirectory.resolve(explicit: explicit, environment: environment, homeDirectory: home)
    #expect(url.standardizedFileURL.path == expected)
  }

  @Test("A relative --state-dir is taken from the current directory")
  func relativeExplicit() {
    let url = StateDirectory.resolve(explicit: "state", environment: [:], homeDirectory: home)
    let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      .appendingPathComponent("state").standardizedFileURL.path
    #expect(url.standardizedFileURL.path == expected)
  }
}
