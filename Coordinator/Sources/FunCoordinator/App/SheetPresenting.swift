import FunFrontend
import FunModel
import FunViewModel

/// How the signed-in flow's coordinators present sheets: through the root, which shows one
/// sheet at a time over whatever is on screen and closes it when asked.
///
/// ``present(_:)`` is the one way a sheet reaches the screen; a question is a sheet like any
/// other (``presentQuestion(title:message:confirmTitle:strings:action:)``). Held weakly by the tab
/// coordinators: the root owns the flow, not the other way round.
@MainActor
protocol SheetPresenting: SheetCoordinating {
  /// Shows `sheet` over the screen; it takes the keys until it is dismissed.
  func present(_ sheet: any Sheet)
  /// Asks, in a sheet, whether to sign out.
  func confirmSignOut()
}

extension SheetPresenting {
  /// Presents a question in `strings`' language; `action` runs if it is confirmed, and either
  /// answer closes the sheet.
  func presentQuestion(
    title: LocalizedText, message: LocalizedText, confirmTitle: LocalizedText, strings: Localizer,
    action: @escaping @MainActor () -> Void
  ) {
    present(question(title: title, message: message, confirmTitle: confirmTitle, strings: strings, action: action))
  }

  /// A question in `strings`' language, closed by this presenter; `action` runs if it is
  /// confirmed.
  func question(
    title: LocalizedText, message: LocalizedText, confirmTitle: LocalizedText, strings: Localizer,
    action: @escaping @MainActor () -> Void
  ) -> any Sheet {
    let model = ConfirmationViewModel(title: title, message: message, confirmTitle: confirmTitle, action: action)
    model.coordinator = self
    return Sheets.confirmation(viewModel: model, strings: strings)
  }
}
