import FunModel
import FunViewModel

/// What each screen says, read from the ViewModel it draws: the screen-reader view's
/// counterpart of the full-screen screens, one function per feature.
///
/// A screen with no case of its own (Favorites, a tab added later) is read from the
/// scene's title and, when it has the common list shape, its list and the catalog's load under
/// it, so every list tab says where the person is, which row is selected, and that the catalog
/// is loading, refreshing or failed.
@MainActor
enum SpokenScreens {
  /// The current screen of `scene`, in `strings`' language.
  static func screen(of scene: SpokenScene, strings: Localizer) -> SpokenPresentation {
    let identity: SpokenPresentation.Identity =
      scene.screenModel.map { .model(ObjectIdentifier($0)) } ?? .titled(scene.title)
    switch scene.screenModel {
    case let home as HomeViewModel:
      var spoken = list(home.list, title: scene.title, identity: identity, strings: strings)
      spoken.facts.append(
        (.offline, home.catalog.status.offlineCopy.map { strings(L10n.Home.offlineCopy($0)) } ?? ""))
      // Before its first load has even started, the catalog is as good as loading: "no items"
      // would be untrue.
      return with(
        activity(of: home.list.status, isBusy: home.isBusy, waitingIsLoading: true), spoken,
        showsWait: showsWait(home.list.status, waitingIsLoading: true), strings)
    case let search as SearchViewModel:
      return self.search(search, scene: scene, identity: identity, strings: strings)
    case let profile as ProfileViewModel:
      return self.profile(profile, title: scene.title, identity: identity, strings: strings)
    case let settings as SettingsViewModel:
      return self.settings(settings, title: scene.title, identity: identity, strings: strings)
    case let detail as DetailViewModel:
      return self.detail(detail, identity: identity, strings: strings)
    case let signIn as SignInViewModel:
      return self.signIn(signIn, title: scene.title, identity: identity, strings: strings)
    case let sources as SourcesViewModel:
      return self.sources(sources, title: scene.title, identity: identity, strings: strings)
    case let myItems as MyItemsViewModel:
      return self.myItems(myItems, title: scene.title, identity: identity, strings: strings)
    default:
      // Favorites, and any list tab added later: the list, and the load or refresh of the
      // catalog under it.
      guard let items = scene.list else { return SpokenPresentation(identity: identity, heading: [scene.title]) }
      let spoken = list(items, title: scene.title, identity: identity, strings: strings)
      return with(
        activity(of: items.status, isBusy: scene.isBusy, waitingIsLoading: false), spoken,
        showsWait: showsWait(items.status, waitingIsLoading: false), strings)
    }
  }

  // MARK: Lists

  /// A screen of the common list shape: its title, how many rows, the selected one; a row of
  /// your own is said to be yours unless `marksOwn` is off (a list of nothing else).
  static func list(
    _ list: ItemList, title: String, identity: SpokenPresentation.Identity, marksOwn: Bool = true,
    strings: Localizer
  ) -> SpokenPresentation {
    let count = list.rows.count
    var spoken = SpokenPresentation(identity: identity, heading: [title, strings(L10n.Spoken.itemCount(count))])
    spoken.focus = focus(on: list, marksOwn: marksOwn, strings: strings)
    if let focus = spoken.focus, let position = focus.position {
      spoken.heading.append(strings(L10n.Spoken.position(index: position.index + 1, count: position.count)))
    } else if count == 0 {
      spoken.heading[1] = strings(L10n.Spoken.noItems)
    }
    // A change of the count reads the selected row again, whose place counts the rows ("1 of
    // 37"): saying the count as well would say it twice. Only a list left without a row to read
    // says it, as the heading does.
    spoken.facts = [(.count, spoken.focus == nil ? spoken.heading[1] : "")]
    return spoken
  }

  /// The selected row of `list`: its title, subtitle, and the marks the screen draws beside
  /// it (one of your items, a favorite).
  private static func focus(on list: ItemList, marksOwn: Bool, strings: Localizer) -> SpokenPresentation.Focus? {
    guard let item = list.selectedItem else { return nil }
    let isFavorite = list.isFavorite(item.id)
    // An item of your own may have no subtitle: then the title alone, not a dangling dash.
    var text =
      item.subtitle.isEmpty ? item.title : strings(L10n.Spoken.titled(title: item.title, subtitle: item.subtitle))
    if marksOwn, list.isOwn(item.id) {
      text += ", " + strings(L10n.MyItems.yours)
    }
    if isFavorite {
      text += ", " + strings(L10n.Spoken.favorite)
    }
    return SpokenPresentation.Focus(
      id: .item(item.id), position: (list.selectedIndex, list.rows.count), text: text,
      favorite: list.hasLoadedFavorites ? (item.title, isFavorite) : nil)
  }

  /// `spoken` with the catalog's `activity`: an empty list that is still loading says so,
  /// rather than that it has no items. While the screen shows only the wait for the catalog's
  /// first load (`showsWait`), that wait is all it says: the rows meanwhile (your own items,
  /// before the catalog's arrive) are not the list, so neither they nor their count are read,
  /// and the loaded list is then said as it arrives.
  private static func with(
    _ activity: SpokenPresentation.Activity, _ spoken: SpokenPresentation, showsWait: Bool = false,
    _ strings: Localizer
  ) -> SpokenPresentation {
    var spoken = spoken
    spoken.activity = activity
    if showsWait || (activity == .loading && spoken.focus == nil), spoken.heading.count > 1 {
      spoken.heading = [spoken.heading[0], strings(L10n.Common.loadingCatalog)]
      spoken.focus = nil
      spoken.facts.removeAll { $0.key == .count || $0.key == .results }
    }
    return spoken
  }

  /// Whether a list tab shows only the wait for the catalog's first load, as its screen draws
  /// it: while the load is in flight, and on a tab that says so (`waitingIsLoading`) before it
  /// has started.
  private static func showsWait(_ status: CatalogListStatus, waitingIsLoading: Bool) -> Bool {
    switch status {
    case .loading: true
    case .waiting: waitingIsLoading
    case .failed, .empty, .loaded: false
    }
  }

  /// What the catalog under a list tab is doing: a retry in flight still says the failure, and
  /// otherwise only a refresh keeps the tab busy. `waitingIsLoading` says whether a first load
  /// that has not started yet reads as loading.
  private static func activity(
    of status: CatalogListStatus, isBusy: Bool, waitingIsLoading: Bool
  ) -> SpokenPresentation.Activity {
    switch status {
    case .waiting where waitingIsLoading, .loading(lastError: nil): .loading
    case .loading(lastError: let error?), .failed(let error): .failed(error.message)
    case .waiting, .empty, .loaded: isBusy ? .refreshing : .idle
    }
  }

  private static func activity(isLoading: Bool, isRefreshing: Bool, error: AppError?) -> SpokenPresentation.Activity {
    if let error { return .failed(error.message) }
    if isLoading { return .loading }
    return isRefreshing ? .refreshing : .idle
  }

  // MARK: Screens

  private static func search(
    _ search: SearchViewModel, scene: SpokenScene, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = list(search.list, title: scene.title, identity: identity, strings: strings)
    let count = search.list.rows.count
    // Before a search of the loaded catalog there are no results to read, whatever rows show
    // meanwhile: the status line's wait is what there is.
    let isWaiting = isLoadingCatalog(search) || search.status == .searching
    if isWaiting {
      spoken.heading[1] = strings(isLoadingCatalog(search) ? L10n.Common.loadingCatalog : L10n.Search.searching)
      spoken.focus = nil
    } else if count > 0 {
      spoken.heading[1] = strings(L10n.Search.results(count))
    } else if search.isQueryTooShort {
      spoken.heading[1] = strings(L10n.Search.tooShort(SearchViewModel.minimumQueryLength))
    } else {
      spoken.heading[1] = strings(L10n.Search.noResults)
    }
    // The count is said once the search has settled, not for each step of typing, as the
    // status line says it ("3 results", "No results").
    spoken.facts = search.isBusy || isWaiting ? [] : [(.results, spoken.heading[1])]
    spoken.facts.append((.category, strings(L10n.Search.category) + categoryName(search.selectedCategory, strings)))
    let field = search.field.text
    spoken.fieldLeft = strings(L10n.Spoken.searchFieldLeft(spoken.heading[1]))
    if scene.isEditingText {
      spoken.focus = SpokenPresentation.Focus(
        id: .searchField, text: fieldLine(L10n.Spoken.searchField, field, strings), fieldText: field)
    } else if !field.isEmpty {
      spoken.details = [fieldLine(L10n.Spoken.searchField, field, strings)]
    }
    return with(
      activity(isLoading: isLoadingCatalog(search), isRefreshing: search.status == .refreshing, error: search.error),
      spoken, strings)
  }

  /// Whether the catalog's first load under Search is in flight and has said how far it has come.
  private static func isLoadingCatalog(_ search: SearchViewModel) -> Bool {
    if case .loadingCatalog = search.status { true } else { false }
  }

  private static func categoryName(_ category: String, _ strings: Localizer) -> String {
    category == SearchViewModel.allCategories ? strings(L10n.Search.allCategories) : category
  }

  private static func profile(
    _ profile: ProfileViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    let name = profile.isGuest ? strings(Session.guest.label) : profile.profile.displayName
    var spoken = SpokenPresentation(identity: identity, heading: [title, name])
    if let count = profile.favoritesCount {
      // Saved favorites the catalog lacks are counted apart, as the screen's note beside the count.
      var favorites = strings(L10n.Favorites.count(count))
      let missing = profile.missingFavoritesCount
      if missing > 0 {
        favorites += ", " + strings(L10n.Common.notInCatalog(missing))
      }
      spoken.heading.append(favorites)
      spoken.facts = [(.favorites, favorites)]
    }
    // The one control of the screen, selected as it shows: Enter acts on it.
    spoken.focus = SpokenPresentation.Focus(id: .signOut, text: strings(L10n.Profile.signOut))
    if !profile.profile.bio.isEmpty {
      spoken.details = [profile.profile.bio]
    }
    return spoken
  }

  private static func settings(
    _ settings: SettingsViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = SpokenPresentation(identity: identity, heading: [title])
    let rows = settings.rows
    guard rows.indices.contains(settings.selectedIndex) else { return spoken }
    let row = rows[settings.selectedIndex]
    var text = strings(L10n.Spoken.setting(label: row.label, value: row.valueLabel))
    // Turned off, the reader still speaks this session (the terminal was opened for it): say
    // when it applies, or "off" would sound untrue.
    if row.key == .screenReader, row.valueLabel == L10n.Settings.off {
      text += ", " + strings(L10n.Spoken.fromNextStart)
    }
    spoken.focus(on: .setting(row.key), at: settings.selectedIndex, of: rows.count, text: text, strings: strings)
    return spoken
  }

  private static func detail(_ detail: DetailViewModel, identity: SpokenPresentation.Identity, strings: Localizer)
    -> SpokenPresentation
  {
    let item = detail.item
    var spoken = SpokenPresentation(identity: identity, heading: [item.title])
    spoken.details = [item.subtitle, item.description]
    if detail.isOwn {
      spoken.details.append(strings(L10n.Detail.yours))
    }
    // Until the favorites are read (a link can open the item first) its state is not known:
    // it is said once it is, as the state, not as a change anyone made.
    let state = strings(detail.isFavorite ? L10n.Detail.inFavorites : L10n.Detail.notFavorite)
    let change = detail.isFavorite ? L10n.Spoken.favorited(item.title) : L10n.Spoken.unfavorited(item.title)
    if detail.hasLoadedFavorites {
      spoken.details.append(state)
    }
    spoken.facts = [(.favorite, detail.hasLoadedFavorites ? strings(change) : "")]
    spoken.whenKnown = [.favorite: state]
    return spoken
  }

  private static func signIn(
    _ signIn: SignInViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = SpokenPresentation(identity: identity, heading: [title])
    let rows = signIn.rows
    if rows.indices.contains(signIn.selectedIndex) {
      let row = rows[signIn.selectedIndex]
      let field = signIn.nameField.text
      let text =
        switch row {
        case .profile(let name): name.value
        case .newProfile: fieldLine(L10n.Spoken.nameField, field, strings)
        case .guest: strings(L10n.SignIn.guest)
        }
      spoken.focus(
        on: .signIn(row), at: signIn.selectedIndex, of: rows.count, text: text,
        fieldText: row == .newProfile ? field : nil, strings: strings)
    }
    spoken.facts = [
      (.message, signIn.message.map { strings($0) } ?? ""),
      (.waitingLinks, signIn.waitingLinksNotice.map { strings($0) } ?? ""),
    ]
    if let notice = signIn.waitingLinksNotice {
      spoken.details = [strings(notice)]
    }
    return spoken
  }

  private static func sources(
    _ sources: SourcesViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    // The lines the screen shows, the source's location whole.
    let lines = sources.statusLines().map { strings($0.text) }
    var spoken = SpokenPresentation(identity: identity, heading: [title])
    spoken.details = lines
    spoken.facts = [(.status, lines.joined(separator: ". "))]
    return spoken
  }

  /// My items: how many, the selected row (every row is yours, so it is not said), a guest's
  /// note that nothing is saved, and with no items how to write one.
  private static func myItems(
    _ myItems: MyItemsViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = list(myItems.list, title: title, identity: identity, marksOwn: false, strings: strings)
    if !myItems.savesItems {
      spoken.details.append(strings(L10n.MyItems.guestNote))
    }
    if myItems.isEmpty {
      spoken.details.append(strings(L10n.MyItems.emptyHint))
    }
    return spoken
  }

  /// A field as it is read: its label and content (a trailing space by name), or that it is
  /// empty.
  static func fieldLine(_ label: LocalizedText, _ text: String, _ strings: Localizer) -> String {
    guard !text.isEmpty else { return strings(L10n.Spoken.fieldEmpty(strings(label))) }
    return strings(L10n.Spoken.field(label: strings(label), text: SpokenKeys(strings: strings).content(text)))
  }
}
