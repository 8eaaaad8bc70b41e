import Testing

@testable import FunModel

@Suite("AppError")
struct AppErrorTests {
  @Test(
    "Each message names the values a person needs to act on",
    arguments: [
      (
        AppError.network(url: "https://cat.example/c.json", reason: "connection refused"),
        ["https://cat.example/c.json", "connection refused"]
      ),
      (.timeout(url: "https://cat.example/c.json", seconds: 10), ["https://cat.example/c.json", "10 s"]),
      (.timeout(url: "https://x.example", seconds: 2.5), ["2.5 s"]),
      (.httpStatus(code: 404, url: "https://cat.example/c.json"), ["404", "https://cat.example/c.json"]),
      (.malformedCatalog(reason: "unexpected end of data"), ["unexpected end of data"]),
      (.missingField(itemIndex: 3, field: "title"), ["items[3]", "\"title\""]),
      (.unreadableFile(path: "/tmp/catalog.json", reason: "no such file"), ["/tmp/catalog.json", "no such file"]),
      (.simulatedNetworkFailure, ["simulated", "Settings"]),
      (
        .corruptStateFile(name: "favorites.json", movedTo: "favorites.json.corrupt-1"),
        ["favorites.json", "favorites.json.corrupt-1", "corrupt"]
      ),
      (.stateNotWritable(path: "/state", reason: "read-only file system"), ["/state", "read-only file system"]),
      (
        .invalidDeepLink(link: "funapp://nowhere", reason: L10n.DeepLink.unknownDestination("nowhere")),
        ["funapp://nowhere", "unknown destination \"nowhere\""]
      ),
      (.itemNotFound(id: "swiftui"), ["\"swiftui\""]),
      (
        .profileRequired(reason: L10n.Error.guestHasNoProfile),
        ["Sign in to a profile first", "no profile to edit"]
      ),
    ]
  )
  func messagesNameImportantValues(error: AppError, fragments: [String]) {
    for fragment in fragments {
      #expect(error.message.contains(fragment), "\(error.message) lacks \(fragment)")
    }
    #expect(error.description == error.message)
  }
}
