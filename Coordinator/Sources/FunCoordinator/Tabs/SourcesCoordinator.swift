import FunFrontend
import FunModel
import FunViewModel

/// The Sources tab of Studio: where the catalog comes from, how its last load went, and a
/// refresh.
@MainActor
final class SourcesCoordinator: TabCoordinator {
  let viewModel: SourcesViewModel

  init(stores: SharedStores, dependencies: SessionDependencies, presenter: any SheetPresenting) {
    viewModel = SourcesViewModel(catalog: stores.catalog, toasts: dependencies.toasts, tasks: dependencies.tasks)
    super.init(
      root: Screens.sources(viewModel: viewModel, strings: dependencies.strings),
      dependencies: dependencies, stores: stores, presenter: presenter)
  }
}
