import Testing

@testable import FunModel

@Suite("ProfileName")
struct ProfileNameTests {
  @Test(
    "Names of 1-32 ASCII letters, digits, - and _ are valid",
    arguments: ["a", "Ada", "ada_lovelace", "grace-hopper", "X9", "_", "_-", "a-", String(repeating: "z", count: 32)]
  )
  func validNames(text: String) throws {
    #expect(try ProfileName(validating: text).value == text)
  }

  @Test(
    "Anything else gets a message that says what is wrong",
    arguments: [
      ("", "at least one character"),
      (String(repeating: "z", count: 33), "at most 32 characters"),
      ("Ada Lovelace", "only ASCII letters"),
      ("../etc", "only ASCII letters"),
      ("ada/x", "only ASCII letters"),
      ("é", "only ASCII letters"),
      ("ａｄａ", "only ASCII letters"),
      ("ada\u{1B}[2J", "only ASCII letters"),
      (".", "only ASCII letters"),
      ("中文", "only ASCII letters"),
      // A folder named like an option is a trap for `rm *` in profiles/.
      ("-rf", "cannot start with -"), ("--help", "cannot start with -"), ("-", "cannot start with -"),
    ]
  )
  func invalidNames(text: String, reason: String) {
    let error = #expect(throws: AppError.self) { try ProfileName(validating: text) }
    guard case .invalidProfileName(let name, let message) = error else {
      Issue.record("unexpected error \(String(describing: error))")
      return
    }
    #expect(name == text)
    #expect(message.description.contains(reason))
    #expect(error?.message.contains("is not a valid profile name") == true)
  }

  @Test("Names that differ only in letter case are one profile; the created spelling is kept")
  func caseInsensitiveIdentity() throws {
    let upper = try ProfileName(validating: "Ada")
    let lower = try ProfileName(validating: "ada")

    #expect(upper == lower)
    #expect(Set([upper, lower]).count == 1)
    #expect(upper.value == "Ada")
    #expect(upper.folded == "ada")
  }

  @Test("Profiles sort as a person reads them, ignoring case")
  func sorting() throws {
    let names = try ["bob", "Ada", "carol", "alan"].map { try ProfileName(validating: $0) }

    #expect(names.sorted().map(\.value) == ["Ada", "alan", "bob", "carol"])
  }

  @Test("Numbers in profile names sort by their value; names that read the same keep one order")
  func sortingNumbers() throws {
    let names = try ["user10", "user2", "User1", "user01", "user9b", "user9a", "x-10", "x-2"]
      .map { try ProfileName(validating: $0) }

    let sorted = names.sorted().map(\.value)
    #expect(sorted == ["user01", "User1", "user2", "user9a", "user9b", "user10", "x-2", "x-10"])
    // Whichever order they come in.
    #expect(names.reversed().sorted().map(\.value) == sorted)
  }

  @Test("A session shows the profile's name, or Guest")
  func sessionNames() throws {
    #expect(Session.profile(try ProfileName(validating: "ada")).displayName == "ada")
    #expect(Session.guest.displayName == "Guest")
    #expect(Session.guest.profileName == nil)
  }

  @Test("A leading - is refused with its reason in English and German")
  func leadingDashReason() {
    let error = #expect(throws: AppError.self) { try ProfileName(validating: "-rf") }
    #expect(
      error?.message
        == "\"-rf\" is not a valid profile name: a name cannot start with -, which commands read as an option")
    #expect(
      error.map { Localizer(language: .de)($0.text) }
        == "\"-rf\" ist kein gültiger Profilname: ein Name darf nicht mit - beginnen, das Befehle als Option lesen")
  }

  @Test("A folder saved before a leading - was refused is still a profile's name; other bad names are not")
  func savedFolders() {
    #expect(ProfileName(savedFolder: "-x")?.value == "-x")
    #expect(ProfileName(savedFolder: "ada")?.value == "ada")
    #expect(ProfileName(savedFolder: "a b") == nil)
    #expect(ProfileName(savedFolder: "") == nil)
    #expect(ProfileName(savedFolder: "..") == nil)
  }
}
