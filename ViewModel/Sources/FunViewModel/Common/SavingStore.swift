/// A session's store that saves what a person changes: before its session's services close,
/// and before the app quits, its first read and its saves must be done, or a change is lost.
///
/// The coordinators keep these in one list (a fork's new saving store joins it) and wait on,
/// or ask, every one alike.
@MainActor
public protocol SavingStore: AnyObject {
  /// Whether changes are being saved: the frame's spinner shows it.
  var isSaving: Bool { get }

  /// Returns once the service's first read is done.
  func finishLoading() async

  /// Returns once every change made so far is saved.
  func finishSaving() async
}

extension FavoritesStore: SavingStore {}
extension MyItemsStore: SavingStore {}
