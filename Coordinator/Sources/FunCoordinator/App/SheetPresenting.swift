import FunFrontend
import FunModel
import FunViewModel

/// How the signed-in flow's coordinators present sheets: through the root, which shows one
/// sheet at a time over whatever is on screen and closes it when asked.
///
/// ``present(_:endsSession:)`` is the one way a sheet reaches the screen; a question is a sheet
/// like any other (``presentQuestion(title:message:confirmTitle:strings:endsSession:action:)``),
/// the sign-out question too: Profile asks it, and its confirmation calls ``signOut()``. Held
/// weakly by the tab coordinators: the root owns the flow, not the other way round.
@MainActor
protocol SheetPresenting: SheetCoordinating {
  /// Shows `sheet` over the screen, replacing any other; it takes the keys until it is
  /// dismissed. `endsSession`: confirming it ends the session, so the links that wait for it to
  /// close are dropped rather than opened, and the sheet says so (``RootCoordinator/sheetNotice``).
  func present(_ sheet: any Sheet, endsSession: Bool)
  /// Ends the session at once: the root's to do, as the session is.
  func signOut()
}

extension SheetPresenting {
  /// Shows `sheet`, whose confirmation leaves the session open (a form, an editor, a switcher).
  func present(_ sheet: any Sheet) {
    present(sheet, endsSession: false)
  }

  /// Presents a question in `strings`' language; `action` runs if it is confirmed, once the
  /// sheet has closed, and either answer closes it. `endsSession`: `action` ends the session.
  func presentQuestion(
    title: LocalizedText, message: LocalizedText, confirmTitle: LocalizedText, strings: Localizer,
    endsSession: Bool = false, action: @escaping @MainActor () -> Void
  ) {
    let model = ConfirmationViewModel(title: title, message: message, confirmTitle: confirmTitle, action: action)
    model.coordinator = self
    present(Sheets.confirmation(viewModel: model, strings: strings), endsSession: endsSession)
  }
}
