import FunFrontend
import FunModel

/// How the signed-in flow's coordinators present sheets: through the root, which shows one
/// sheet at a time over whatever is on screen and closes it when asked.
///
/// Held weakly by the tab coordinators: the root owns the flow, not the other way round.
@MainActor
protocol SheetPresenting: SheetCoordinating {
  /// Shows `sheet` over the screen; it takes the keys until it is dismissed.
  func present(_ sheet: any Sheet)
  /// Asks, in a sheet, whether to sign out.
  func confirmSignOut()
}
