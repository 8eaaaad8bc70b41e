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
      (.malformedCatalog(reason: .verbatim("unexpected end of data")), ["unexpected end of data"]),
      (.missingField(itemIndex: 3, field: "title"), ["items[3]", "\"title\""]),
      (
        .unreadableFile(path: "/tmp/catalog.json", reason: .verbatim("no such file")),
        ["/tmp/catalog.json", "no such file"]
      ),
      (.simulatedNetworkFailure, ["simulated", "Settings"]),
      (
        .corruptStateFile(name: "favorites.json", movedTo: "favorites.json.corrupt-1"),
        ["favorites.json", "favorites.json.corrupt-1", "corrupt"]
      ),
      (
        .stateNotWritable(path: "/state", reason: .verbatim("read-only file system")),
        ["/state", "read-only file system"]
      ),
      (.stateFileTooLarge(name: "my-items.json", limit: 16 << 20), ["Not saved", "my-items.json", "16 MiB"]),
      (.stateFileTooLarge(name: "profile.json", limit: 64 << 10), ["Not saved", "profile.json", "65,536 bytes"]),
      (
        .invalidDeepLink(
          link: "funapp://nowhere", reason: L10n.DeepLink.unknownDestination(destination: "nowhere", names: "tab, item")
        ),
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
    (L10n.Reason.refused, "the server refused the connection", "lehnte die Verbindung ab"),
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
    #expect(shown == "Fehler beim Laden des Katalogs von https://cat.example/c.json: \(shownReason(reason))")
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

  /// Every reason the catalog's decoder writes itself into
  /// ``AppError/malformedCatalog(reason:)``, with its English and a word only its German has.
  static let catalogReasons: [(LocalizedText, english: String, german: String)] = [
    (
      L10n.Reason.notValidJSON(L10n.Reason.jsonBreaksAt(line: "2", column: "4")),
      "it is not valid JSON (at line 2, column 4)", "in Zeile 2, Spalte 4"
    ),
    (
      L10n.Reason.notValidJSON(L10n.Reason.jsonEndsEarly(line: "1", column: "11")),
      "it is not valid JSON (it ends early, at line 1, column 11)", "endet zu früh"
    ),
    (L10n.Reason.notDecodable("dataCorrupted"), "it could not be decoded (dataCorrupted)", "dekodiert"),
    (
      L10n.Reason.noTopLevelObject, "expected a JSON object with an \"items\" array at the top level",
      "oberster Ebene"
    ),
    (L10n.Reason.noItemsArray, "there is no \"items\" array at the top level", "gibt es kein Array"),
    (L10n.Reason.itemsNotArray, "\"items\" must be an array of objects", "von Objekten sein"),
    (L10n.Reason.itemNotObject("7"), "items[7] must be a JSON object", "items[7] muss ein JSON-Objekt sein"),
    (
      L10n.Reason.fieldNotString(index: "1", field: "title"), "items[1] field \"title\" must be a string",
      "Zeichenkette"
    ),
    (
      L10n.Reason.idNotSlug(index: "0", id: "a/b"),
      "items[0] id \"a/b\" must be a slug (letters, digits, '-', '_', '.'; at most 100)", "Buchstaben, Ziffern"
    ),
    (
      L10n.Reason.fieldTooLong(index: "1", field: "title", bytes: "4097", limit: "4096"),
      "items[1] field \"title\" has 4097 bytes; at most 4096 are allowed", "hat 4097 Byte; erlaubt"
    ),
    (
      L10n.Reason.featuredNotBoolean("3"), "items[3] field \"featured\" must be true or false",
      "muss true oder false sein"
    ),
    (
      L10n.Reason.repeatedID(index: "2", id: "swiftui", first: "0"),
      "items[2] repeats the id \"swiftui\" of items[0]", "wiederholt die Kennung"
    ),
  ]

  @Test(
    "A fault of the catalog reads in the screen's language, its data as it came; the log line stays English",
    arguments: catalogReasons)
  func catalogReasonIsLocalized(reason: LocalizedText, english: String, german: String) {
    let error = AppError.malformedCatalog(reason: reason)
    let shown = Localizer(language: .de)(error.text)
    #expect(shown == "Der Katalog ist ungültig: \(shownReason(reason))")
    #expect(shown.contains(german), "\(shown)")
    #expect(!shown.contains(english), "\(shown)")
    #expect(error.message == "The catalog is not valid: \(english)")
  }

  /// Every reason the catalog file's reader writes itself into
  /// ``AppError/unreadableFile(path:reason:)``.
  static let fileReasons: [(LocalizedText, english: String, german: String)] = [
    (L10n.Reason.nothingCame("10"), "nothing came from it for 10 s", "10 s lang kam nichts"),
    (
      L10n.Reason.streamTooLargeMiB(64),
      "it is larger than 64 MiB, the most Fun reads from a pipe or a device; save it to a file and use --catalog FILE",
      "größer als 64 MiB"
    ),
    (
      L10n.Reason.streamTooLargeBytes(1500),
      "it is larger than 1,500 bytes, the most Fun reads from a pipe or a device; save it to a file and use --catalog FILE",
      "größer als 1.500 Byte"
    ),
  ]

  @Test(
    "A reason a catalog file cannot be read reads in the screen's language; the log line stays English",
    arguments: fileReasons)
  func fileReasonIsLocalized(reason: LocalizedText, english: String, german: String) {
    let error = AppError.unreadableFile(path: "/tmp/c.json", reason: reason)
    let shown = Localizer(language: .de)(error.text)
    #expect(shown == "/tmp/c.json konnte nicht gelesen werden: \(shownReason(reason))")
    #expect(shown.contains(german), "\(shown)")
    #expect(!shown.contains(english), "\(shown)")
    #expect(error.message == "Could not read /tmp/c.json: \(english)")
  }

  /// Every reason the state folder's guards write themselves into
  /// ``AppError/unsafeStateFile(name:reason:movedTo:)``, ``AppError/stateNotWritable(path:reason:)``
  /// and ``AppError/profileNotDeleted(name:reason:)``, with its English and a word only its German has.
  static let stateReasons: [(LocalizedText, english: String, german: String)] = [
    (
      L10n.Reason.notRegularFile(L10n.Reason.kindSymbolicLink), "it is a symbolic link, not a regular file",
      "ein symbolischer Link, keine reguläre Datei"
    ),
    (L10n.Reason.notRegularFile(L10n.Reason.kindFIFO), "it is a FIFO, not a regular file", "ein FIFO, keine"),
    (L10n.Reason.notRegularFile(L10n.Reason.kindDirectory), "it is a directory, not a regular file", "Verzeichnis"),
    (
      L10n.Reason.notRegularFile(L10n.Reason.kindCharacterDevice), "it is a character device, not a regular file",
      "zeichenorientiertes Gerät"
    ),
    (
      L10n.Reason.notRegularFile(L10n.Reason.kindBlockDevice), "it is a block device, not a regular file",
      "blockorientiertes Gerät"
    ),
    (L10n.Reason.notRegularFile(L10n.Reason.kindSocket), "it is a socket, not a regular file", "ein Socket, keine"),
    (
      L10n.Reason.notRegularFile(L10n.Reason.kindUnknown), "it is something unknown, not a regular file",
      "etwas Unbekanntes"
    ),
    (
      L10n.Reason.notRealFolder(L10n.Reason.kindRegularFile), "it is a regular file, not a real folder",
      "eine reguläre Datei, kein echter Ordner"
    ),
    (
      L10n.Reason.notRealFolder(L10n.Reason.kindLinkOrFile), "it is a symbolic link or a file, not a real folder",
      "ein symbolischer Link oder eine Datei"
    ),
    (L10n.Reason.foreignOwner("65534"), "it belongs to another user (uid 65534)", "anderen Benutzer (uid 65534)"),
    (L10n.Reason.stateFileTooLargeMiB(16), "it is larger than 16 MiB", "größer als 16 MiB"),
    (L10n.Reason.stateFileTooLargeBytes(65_536), "it is larger than 65,536 bytes", "größer als 65.536 Bytes"),
    (L10n.Reason.notYourFolder, "not a folder of yours", "nicht dein Ordner"),
    (
      L10n.Reason.notMovedAside(reason: L10n.Reason.notYourFolder, cause: .verbatim("Permission denied")),
      "not a folder of yours, and it could not be moved aside: Permission denied",
      "nicht dein Ordner, und es konnte nicht beiseitegelegt werden: Permission denied"
    ),
    (
      L10n.Reason.unreadableNotMovedAside(.verbatim("Permission denied")),
      "unreadable, and could not be moved aside: Permission denied", "unlesbar"
    ),
    (
      L10n.Reason.cannotEncodeState("invalidValue(nan)"), "could not encode the state: invalidValue(nan)",
      "der Zustand konnte nicht kodiert werden: invalidValue(nan)"
    ),
    (
      L10n.Reason.cannotEncodeSavedCatalog("invalidValue"), "could not encode the saved catalog: invalidValue",
      "gespeicherte Kopie des Katalogs"
    ),
  ]

  @Test(
    "A reason a state file is set aside or not saved reads in the screen's language; the log line stays English",
    arguments: stateReasons)
  func stateReasonIsLocalized(reason: LocalizedText, english: String, german: String) {
    let setAside = AppError.unsafeStateFile(name: "fun.log", reason: reason, movedTo: "/s/fun.log.corrupt-1")
    let shown = Localizer(language: .de)(setAside.text)
    #expect(shown == "fun.log wurde beiseitegelegt (\(shownReason(reason))); verschoben nach fun.log.corrupt-1")
    #expect(shown.contains(german), "\(shown)")
    #expect(!shown.contains(english), "\(shown)")
    #expect(setAside.message == "fun.log was set aside (\(english)); moved to fun.log.corrupt-1")

    let notSaved = AppError.stateNotWritable(path: "/s", reason: reason)
    #expect(
      Localizer(language: .de)(notSaved.text)
        == "Speichern in /s nicht möglich (\(shownReason(reason))); Änderungen bleiben bis zum Beenden erhalten")
    #expect(notSaved.message == "Cannot save to /s (\(english)); changes are kept until you quit")

    let notDeleted = AppError.profileNotDeleted(name: "ada", reason: reason)
    #expect(
      Localizer(language: .de)(notDeleted.text) == "Profil ada konnte nicht gelöscht werden: \(shownReason(reason))")
    #expect(notDeleted.message == "Could not delete profile ada: \(english)")
  }

  @Test("An errno text, and a JSON decoder's complaint inside Fun's own words, show as they came")
  func systemTextInsideIsVerbatim() {
    let unreadable = AppError.unreadableFile(path: "/tmp/c.json", reason: .verbatim("No such file or directory"))
    #expect(
      Localizer(language: .de)(unreadable.text) == "/tmp/c.json konnte nicht gelesen werden: No such file or directory")
    #expect(unreadable.message == "Could not read /tmp/c.json: No such file or directory")
    let malformed = AppError.malformedCatalog(
      reason: L10n.Reason.notValidJSON(.verbatim("The given data was not valid JSON.")))
    #expect(
      Localizer(language: .de)(malformed.text)
        == "Der Katalog ist ungültig: es ist kein gültiges JSON (The given data was not valid JSON.)")
    #expect(malformed.message == "The catalog is not valid: it is not valid JSON (The given data was not valid JSON.)")
    let notDeleted = AppError.profileNotDeleted(name: "ada", reason: .verbatim("Directory not empty"))
    #expect(Localizer(language: .de)(notDeleted.text) == "Profil ada konnte nicht gelöscht werden: Directory not empty")
    #expect(notDeleted.message == "Could not delete profile ada: Directory not empty")
  }

  private func shownReason(_ reason: LocalizedText) -> String {
    Localizer(language: .de)(reason)
  }
}
