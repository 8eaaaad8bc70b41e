import FunModel
import Observation

/// A sheet that asks one question: confirming runs its action and closes the sheet,
/// cancelling only closes it ("Sign out?", "Reset all settings?", "Delete profile ada?").
@Observable
@MainActor
public final class ConfirmationViewModel {
  /// The question, as the sheet's title.
  public let title: LocalizedText
  /// What confirming does, in a sentence.
  public let message: LocalizedText
  /// The confirming button's label (`Sign out`, `Reset`, `Delete`).
  public let confirmTitle: LocalizedText

  /// What a person can do with the question: the sheet's keys send these.
  public enum Action: Equatable, Sendable {
    /// Closes the sheet, then runs the action (which may present or navigate in turn).
    case confirm
    /// Closes the sheet; nothing else happens.
    case cancel
  }

  /// Who closes the sheet (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SheetCoordinating)?

  @ObservationIgnored private let action: @MainActor () -> Void

  /// Creates the question; `action` runs on confirmation, once the sheet has closed (so it may
  /// present another sheet).
  public init(
    title: LocalizedText, message: LocalizedText, confirmTitle: LocalizedText, action: @escaping @MainActor () -> Void
  ) {
    self.title = title
    self.message = message
    self.confirmTitle = confirmTitle
    self.action = action
  }

  /// Does what `action` asks; the one way the view layers answer the question.
  public func send(_ action: Action) {
    switch action {
    case .confirm:
      coordinator?.dismissSheet()
      self.action()
    case .cancel: coordinator?.dismissSheet()
    }
  }
}
