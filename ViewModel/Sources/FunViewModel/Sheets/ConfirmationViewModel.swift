import FunModel
import Observation

/// A sheet that asks one question: confirming runs its action and closes the sheet,
/// cancelling only closes it ("Sign out?", "Reset all settings?", "Delete profile ada?").
@Observable
@MainActor
public final class ConfirmationViewModel {
  /// The question, as the sheet's title.
  public let title: String
  /// What confirming does, in a sentence.
  public let message: String
  /// The confirming button's label (`Sign out`, `Reset`, `Delete`).
  public let confirmTitle: String

  /// Who closes the sheet.
  public weak var coordinator: (any SheetCoordinating)?

  @ObservationIgnored private let action: @MainActor () -> Void

  /// Creates the question; `action` runs on confirmation, before the sheet closes.
  public init(title: String, message: String, confirmTitle: String, action: @escaping @MainActor () -> Void) {
    self.title = title
    self.message = message
    self.confirmTitle = confirmTitle
    self.action = action
  }

  /// Closes the sheet, then runs the action (which may present or navigate in turn).
  public func confirm() {
    coordinator?.dismissSheet()
    action()
  }

  /// Closes the sheet; nothing else happens.
  public func cancel() {
    coordinator?.dismissSheet()
  }
}
