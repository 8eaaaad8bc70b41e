import FunCore
import FunModel
import Observation

/// The sign-in screen: the saved profiles, a field that creates one, and "Continue as guest".
///
/// The profiles follow the ``/FunModel/ProfilesService`` live. Rows are the profiles (sorted,
/// ignoring case), then the new-profile field, then the guest row; the selection starts on the
/// row it is given (after a sign-out, the session's), else on the first profile, or on the
/// field when there is none, and stays on its row when the list changes. What a person does
/// arrives as one ``Action`` through ``send(_:)``. Typing edits the name
/// (``Action/editName(_:)``), from any row: it selects the field, so a person who starts typing a
/// name gets it there. ``Action/confirm`` signs in through the coordinator; a name it refuses
/// leaves its message in ``message`` and changes nothing else. The field only creates: a name
/// already in the list (ignoring case, as names are one profile then) is refused, naming the
/// profile to choose, rather than signing in to it as if it were new. ``waitingLinksNotice``
/// says when deep links wait for the sign-in.
@Observable
@MainActor
public final class SignInViewModel {
  /// One row of the screen.
  public enum Row: Hashable, Sendable {
    /// A saved profile.
    case profile(ProfileName)
    /// The field that creates a profile.
    case newProfile
    /// "Continue as guest".
    case guest
  }

  /// What a person can do on the screen (its keys send these), and how a deletion they
  /// confirmed goes (the coordinator that runs it sends those).
  public enum Action: Equatable, Sendable {
    /// Selects the row at this index, clamped.
    case select(at: Int)
    /// Moves the selection this many rows down (up when negative); stops at the first and the
    /// last row.
    case move(by: Int)
    /// Edits the new-profile field (a key or a paste), selecting it; a change to the name clears
    /// the reason a name was refused.
    case editName(LineEditor.Edit)
    /// Acts on the selected row: signs in to its profile, creates the typed one, or continues as
    /// a guest.
    case confirm
    /// Asks (in a sheet) whether to delete the selected profile; nothing on the other rows.
    case deleteSelected
    /// Leaves the profile out of the list while its confirmed deletion runs (what confirming
    /// the question does), rather than offer, or read aloud, a profile that is going.
    case deletionStarted(ProfileName)
    /// Lists the profile again: its deletion failed (the toast says why).
    case deletionFailed(ProfileName)
  }

  /// The longest text the field takes: enough to show a name that is too long, bounded so a
  /// paste cannot grow it without end.
  static let fieldLimit = 64

  /// The saved profiles, live, but for any whose deletion is under way.
  public var profiles: [ProfileName] {
    deleting.isEmpty ? saved : saved.filter { !deleting.contains($0.value) }
  }

  /// The saved profiles, as the service last published them.
  private var saved: [ProfileName]
  /// Profiles whose confirmed deletion is under way: the list drops them at once, as Fun shows
  /// every deletion, rather than offer (or read aloud) a profile that is going. Kept by their
  /// spelling, not by name (which ignores case): a folder hidden behind the deleted one's name in
  /// other case (`ada` behind `ADA`, made by hand) is listed once the deleted one goes.
  private var deleting: Set<String> = []

  /// The new-profile field.
  public private(set) var nameField = LineEditor(limit: SignInViewModel.fieldLimit)

  /// Why the last sign-in was refused, until the name is edited or another row is confirmed.
  public private(set) var message: LocalizedText?

  /// Where signing in goes (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SignInCoordinating)?

  /// One short line saying that deep links wait for a sign-in (they open right after it), or
  /// `nil` when none waits.
  public var waitingLinksNotice: LocalizedText? {
    let count = coordinator?.waitingLinkCount ?? 0
    return count > 0 ? L10n.SignIn.waitingLinks(count) : nil
  }

  private var selection: Row
  /// Where ``selection`` was, for when its profile goes (deleted): the profile that took its
  /// place is selected then.
  private var selectionIndex = 0

  @ObservationIgnored private var profilesObservation: TrackedTask<Void>?

  /// The sign-in screen over `profiles`, following it in a task of `tasks`, with `row`
  /// selected if it is there (the session just ended, after a sign-out), else the first
  /// profile.
  public init(profiles: any ProfilesService, tasks: TaskTracker, selecting row: Row? = nil) {
    let saved = profiles.profiles
    self.saved = saved
    let rows = saved.map(Row.profile) + [.newProfile, .guest]
    if let row, let index = rows.firstIndex(of: row) {
      selection = row
      selectionIndex = index
    } else {
      selection = saved.first.map(Row.profile) ?? .newProfile
    }
    profilesObservation = profiles.changes().observe(self, tasks: tasks, name: "profiles") { model, profiles in
      model.saved = profiles
      // Once the service no longer has it, a deleted profile needs no hiding: a new one of that
      // name is listed.
      model.deleting.formIntersection(profiles.map(\.value))
    }
  }

  deinit {
    profilesObservation?.cancel()
  }

  /// Every row, top to bottom.
  public var rows: [Row] {
    profiles.map(Row.profile) + [.newProfile, .guest]
  }

  /// The selected row; if its profile has gone, the profile that took its place (the field
  /// when none is left).
  var selectedRow: Row {
    if rows.contains(selection) { return selection }
    guard !profiles.isEmpty else { return .newProfile }
    return .profile(profiles[min(selectionIndex, profiles.count - 1)])
  }

  /// The selected row's position in ``rows``.
  public var selectedIndex: Int {
    rows.firstIndex(of: selectedRow) ?? 0
  }

  /// Whether the new-profile field has the focus: typing edits it.
  public var isEditingName: Bool {
    selectedRow == .newProfile
  }

  /// Does what `action` asks; the one way the view layers change the screen.
  public func send(_ action: Action) {
    switch action {
    case .select(let index): select(at: index)
    case .move(let count): select(at: selectedIndex + count)
    case .editName(let edit):
      selection = .newProfile
      if nameField.apply(edit) { message = nil }
    case .confirm: confirm()
    case .deleteSelected:
      if case .profile(let name) = selectedRow {
        coordinator?.confirmDeleteProfile(name)
      }
    case .deletionStarted(let name): deleting.insert(name.value)
    case .deletionFailed(let name): deleting.remove(name.value)
    }
  }

  private func select(at index: Int) {
    let rows = rows
    selectionIndex = ListSelection.clamp(index, count: rows.count)
    selection = rows[selectionIndex]
  }

  private func confirm() {
    switch selectedRow {
    case .profile(let name):
      signIn(name.value)
    case .newProfile:
      createProfile(named: nameField.text)
    case .guest:
      message = nil
      coordinator?.continueAsGuest()
    }
  }

  /// Signs in to a new profile called `name`. One the list already has (`ADA` for `ada`) is
  /// refused with a reason naming it: signing in to it from the field would look as if a
  /// profile had been created, and the one signed in to would not be the spelling typed.
  private func createProfile(named name: String) {
    guard !name.isEmpty else {
      message = L10n.SignIn.typeNameFirst
      return
    }
    do throws(AppError) {
      // Checked here too, so the reason shows whoever coordinates. A listed name is not: one
      // saved before a rule was added (a leading `-`) still signs in from the list.
      let typed = try ProfileName(validating: name)
      if let existing = profiles.first(where: { $0 == typed }) {
        message = L10n.SignIn.profileExists(existing.value)
        return
      }
    } catch {
      message = error.text
      return
    }
    signIn(name)
  }

  private func signIn(_ name: String) {
    do throws(AppError) {
      message = nil
      try coordinator?.signIn(profileNamed: name)
    } catch {
      message = error.text
    }
  }
}
