import Testing

@testable import FunModel

@Suite("AppError")
struct AppErrorTests {
  @Test(
    "Each message names the values a person needs to act on",
    arguments: [
      (
        AppError.network(url: "https://cat.example/c.json", reason: .verbatim("connection refused")),
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

@Suite("AppError's reasons")
struct AppErrorReasonTests {
  /// Every reason a service writes itself into ``AppError/network(url:reason:)``, with its
  /// English, as the log writes it, and a word only its German has.
  static let knownReasons: [(LocalizedText, english: String, german: String)] = [
    (L10n.Reason.loadCancelled, "the load was cancelled", "abgebrochen"),
    (L10n.Reason.requestCancelled, "the request was cancelled", "Anfrage"),
    (L10n.Reason.refused, "the server refused the connection", "abgelehnt"),
    (L10n.Reason.noSuchHost, "the host name could not be found", "nicht gefunden"),
    (L10n.Reason.noNetwork, "there is no network connection", "Netzwerkverbindung"),
    (L10n.Reason.connectionLost, "the connection was lost before the server answered", "brach ab"),
    (L10n.Reason.notFetchable, "it is not a URL that can be fetched", "nicht abgerufen"),
    (L10n.Reason.noSecureConnection, "a secure connection could not be made", "sichere Verbindung"),
    (
      L10n.Reason.catalogTooLargeMiB(16),
      "the catalog is larger than 16 MiB, the most Fun loads from a URL; save it and use --catalog FILE",
      "größer als 16 MiB"
    ),
    (
      L10n.Reason.catalogTooLargeBytes(1500),
      "the catalog is larger than 1,500 bytes, the most Fun loads from a URL; save it and use --catalog FILE",
      "größer als 1.500 Byte"
    ),
  ]

  @Test("A reason Fun knows reads in the screen's language; the log line stays English", arguments: knownReasons)
  func knownReasonIsLocalized(reason: LocalizedText, english: String, german: String) {
    let error = AppError.network(url: "https://cat.example/c.json", reason: reason)
    let shown = Localizer(language: .de)(error.text)
    #expect(shown == "Der Katalog konnte nicht von https://cat.example/c.json geladen werden: \(shownReason(reason))")
    #expect(shown.contains(german), "\(shown)")
    #expect(!shown.contains(english), "\(shown)")
    #expect(error.message == "Could not load the catalog from https://cat.example/c.json: \(english)")
  }

  @Test("A reason from the system shows as it came, in every language")
  func systemReasonIsVerbatim() {
    let error = AppError.network(url: "u", reason: .verbatim("The operation could not be completed"))
    #expect(Localizer(language: .de)(error.text).hasSuffix(": The operation could not be completed"))
    #expect(error.message == "Could not load the catalog from u: The operation could not be completed")
  }

  private func shownReason(_ reason: LocalizedText) -> String {
    Localizer(language: .de)(reason)
  }
}
