import FunFrontend
import FunModel
import FunViewModel

/// The My items tab of Studio: your own items; writing or editing one happens in the form
/// sheet, deleting one after a question.
@MainActor
final class MyItemsCoordinator: TabCoordinator, MyItemsCoordinating {
  let viewModel: MyItemsViewModel

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = MyItemsViewModel(
      store: stores.myItems, catalog: stores.catalog, favorites: stores.favorites, toasts: dependencies.toasts)
    super.init(
      root: Screens.myItems(viewModel: viewModel, strings: dependencies.strings),
      dependencies: dependencies, stores: stores, presenter: presenter)
    viewModel.coordinator = self
  }

  /// Presents the form for a new item (`id` `nil`) or for your item `id`.
  func showForm(editing id: String?) {
    guard let presenter else { return }
    let viewModel = viewModel
    // Weak, as the question's action below: the sheet is the root's and outlives the session.
    let model = MyItemFormViewModel(store: stores.myItems, editing: id) { [weak viewModel] savedID in
      viewModel?.send(.selectSaved(id: savedID))
    }
    model.coordinator = presenter
    presenter.present(Sheets.myItemForm(viewModel: model, strings: dependencies.strings))
  }

  /// Asks whether to delete `item`; confirming deletes it.
  func confirmDelete(_ item: FeaturedItem) {
    let viewModel = viewModel
    // Weak, as every question's action holds what it acts on: the sheet is the root's, which
    // outlives the session, and must keep none of the session's ViewModels alive.
    presenter?.presentQuestion(
      title: L10n.MyItems.deleteTitle(item.title), message: L10n.MyItems.deleteMessage(item.id),
      confirmTitle: L10n.Sheet.deleteAction, strings: dependencies.strings
    ) { [weak viewModel] in viewModel?.send(.delete(item)) }
  }
}
