import FunModel
import FunViewModel

/// What each screen says, read from the ViewModel it draws: the screen-reader view's
/// counterpart of the full-screen screens, one function per feature.
///
/// A screen with no case of its own (a tab added later) is read from the
/// scene's title and, when it has the common list shape, its list and the catalog's load under
/// it, so every list tab says where the person is, which row is selected, and that the catalog
/// is loading, refreshing or failed.
@MainActor
enum SpokenScreens {
  /// The current screen of `scene`, in `strings`' language, keys named by `spokenKeys` (the
  /// reader's, in that language); `askedBy` is what asked for the reader besides the Settings
  /// toggle (``ScreenReader/init(strings:askedBy:)``).
  static func screen(
    of scene: SpokenScene, strings: Localizer, spokenKeys: SpokenKeys, askedBy: String? = nil
  ) -> SpokenPresentation {
    let identity: SpokenPresentation.Identity =
      scene.screenModel.map { .model(ObjectIdentifier($0)) } ?? .titled(scene.title)
    switch scene.screenModel {
    case let home as HomeViewModel:
      return self.home(home, title: scene.title, identity: identity, strings: strings)
    case let search as SearchViewModel:
      return self.search(search, scene: scene, identity: identity, strings: strings, spokenKeys: spokenKeys)
    case let profile as ProfileViewModel:
      return self.profile(profile, title: scene.title, identity: identity, strings: strings)
    case let settings as SettingsViewModel:
      return self.settings(settings, title: scene.title, identity: identity, askedBy: askedBy, strings: strings)
    case let detail as DetailViewModel:
      return self.detail(detail, identity: identity, strings: strings)
    case let signIn as SignInViewModel:
      return self.signIn(signIn, title: scene.title, identity: identity, strings: strings, spokenKeys: spokenKeys)
    case let sources as SourcesViewModel:
      return self.sources(sources, title: scene.title, identity: identity, strings: strings)
    case let myItems as MyItemsViewModel:
      return self.myItems(myItems, title: scene.title, identity: identity, strings: strings)
    case let favorites as FavoritesViewModel:
      return self.favorites(favorites, scene: scene, identity: identity, strings: strings)
    default:
      // Any list tab added later: the list, and the load or refresh of the catalog under it.
      guard let items = scene.list else { return SpokenPresentation(identity: identity, heading: [scene.title]) }
      let spoken = list(items, title: scene.title, identity: identity, strings: strings)
      return with(items, isBusy: scene.isBusy, spoken, strings)
    }
  }

  // MARK: Lists

  /// A screen of the common list shape: its title, how many rows (`countText` where the screen
  /// says it in its own words, unless there are none), the selected one; a row of your own is
  /// said to be yours unless `marksOwn` is off (a list of nothing else).
  static func list(
    _ list: ItemList, title: String, identity: SpokenPresentation.Identity, marksOwn: Bool = true,
    countText: String? = nil, strings: Localizer
  ) -> SpokenPresentation {
    let count = list.rows.count
    var spoken = SpokenPresentation(
      identity: identity, heading: [title, countText ?? strings(L10n.Spoken.itemCount(count))])
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

  /// The selected row of `list`: its title, subtitle (or, for a saved favorite the catalog
  /// lacks, why it has none, as the screen draws it), and the marks the screen draws beside it
  /// (one of your items, a favorite).
  private static func focus(on list: ItemList, marksOwn: Bool, strings: Localizer) -> SpokenPresentation.Focus? {
    guard let item = list.selectedItem else { return nil }
    return SpokenPresentation.Focus(
      id: .item(item.id), position: (list.selectedIndex, list.rows.count),
      text: text(of: item, in: list, marksOwn: marksOwn, strings: strings),
      favorite: list.hasLoadedFavorites ? (item.title, list.isFavorite(item.id)) : nil)
  }

  /// What a row of `list` (or a card of its items) says: title, subtitle and marks.
  private static func text(of item: FeaturedItem, in list: ItemList, marksOwn: Bool, strings: Localizer) -> String {
    let subtitle = list.missingNote(for: item).map { strings($0) } ?? item.subtitle
    // An item of your own may have no subtitle: then the title alone, not a dangling dash.
    var text =
      subtitle.isEmpty ? item.title : strings(L10n.Spoken.titled(title: item.title, subtitle: subtitle))
    if marksOwn, list.isOwn(item.id) {
      text += ", " + strings(L10n.MyItems.yours)
    }
    if list.isFavorite(item.id) {
      text += ", " + strings(L10n.Spoken.favorite)
    }
    return text
  }

  /// A list tab's `spoken` with where the catalog under it stands, as every list tab shows it:
  /// while the status stands in for the rows (``CatalogListStatus/standsInForRows``) it is all
  /// that is said, the wait or the failure, and neither the rows meanwhile (your own items,
  /// before the catalog's arrive) nor their count are read; the loaded list is then said as it
  /// arrives. A retry in flight still says the failure; otherwise only a refresh keeps the tab
  /// busy.
  private static func with(
    _ list: ItemList, isBusy: Bool, _ spoken: SpokenPresentation, _ strings: Localizer
  ) -> SpokenPresentation {
    var spoken = spoken
    switch list.status {
    case .waiting, .loading(lastError: nil): spoken.catalogLoad = .loading
    case .loading(lastError: let error?), .failed(let error): spoken.catalogLoad = .failed(error.message)
    case .empty, .loaded: spoken.catalogLoad = isBusy ? .refreshing : .idle
    }
    spoken.refreshOutcome = list.refreshOutcome
    guard list.status.standsInForRows else { return spoken }
    // A failure is said after the heading, as the catalog's error: the heading names the tab.
    spoken.heading = [spoken.heading[0]] + (spoken.catalogLoad == .loading ? [strings(L10n.Common.loadingCatalog)] : [])
    spoken.focus = nil
    spoken.facts.removeAll { $0.key == .count || $0.key == .results }
    return spoken
  }

  // MARK: Screens

  /// Home: the list, the featured page when it turns, and while a card has the focus that card
  /// in the row's place, placed among all the featured items, as the list places its rows.
  private static func home(
    _ home: HomeViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = list(home.list, title: title, identity: identity, strings: strings)
    spoken.facts.append((.offline, home.offlineCopy.map { strings($0) } ?? ""))
    // Empty while the carousel does not show: its first page arriving with the catalog is
    // heard with the list, not as a page turn.
    let page = home.currentCarouselPage.map(\.title).joined(separator: ", ")
    spoken.facts.append(
      (
        .carouselPage,
        home.showsCarousel
          ? strings(
            L10n.Spoken.carouselPage(index: home.carouselPageIndex + 1, count: home.carouselPageCount, titles: page))
          : ""
      ))
    spoken.whenKnown = [.carouselPage: ""]
    spoken.toldByFocusMove = [.carouselPage]
    spoken.focus?.group = strings(L10n.Spoken.allItems)
    if let card = home.focusedCard, let item = home.focusedCardItem {
      let index = home.carouselPageIndex * HomeViewModel.carouselPageSize + card
      let count = home.featuredCount
      let text = text(of: item, in: home.list, marksOwn: true, strings: strings)
      spoken.heading =
        Array(spoken.heading.prefix(2))
        + [strings(L10n.Spoken.cardPosition(index: index + 1, count: count))]
      spoken.focus = SpokenPresentation.Focus(
        id: .card(item.id), position: (index, count), text: text,
        placed: strings(L10n.Spoken.card(index: index + 1, count: count, text: text)),
        group: strings(L10n.Home.featured),
        favorite: home.list.hasLoadedFavorites ? (item.title, home.list.isFavorite(item.id)) : nil)
    }
    return with(home.list, isBusy: home.isBusy, spoken, strings)
  }

  private static func search(
    _ search: SearchViewModel, scene: SpokenScene, identity: SpokenPresentation.Identity, strings: Localizer,
    spokenKeys: SpokenKeys
  ) -> SpokenPresentation {
    var spoken = list(search.list, title: scene.title, identity: identity, strings: strings)
    // The status line's words are the ViewModel's, as the screen shows them; the catalog's first
    // load is said as the wait, without the progress the screen draws.
    let status =
      isLoadingCatalog(search)
      ? strings(L10n.Common.loadingCatalog)
      : search.statusText.map { SpokenKeys.pauses(strings($0)) } ?? ""
    // Before a search of the loaded catalog there are no results to read, whatever rows show
    // meanwhile: the status line's wait is what there is, and the heading says no place of a
    // row that is not read.
    let isWaiting = isLoadingCatalog(search) || search.status == .searching
    if isWaiting {
      spoken.focus = nil
      spoken.heading = Array(spoken.heading.prefix(2))
    }
    // A failure is said as the catalog's error, once, not again as the status.
    let isFailed = if case .failed = search.status { true } else { false }
    spoken.heading[1] = isFailed ? "" : status
    // The filter the results are of, as the screen shows it above them; all categories, the
    // usual case, go without saying.
    let category = strings(L10n.Search.category) + strings(search.categoryName)
    if search.selectedCategory != nil {
      spoken.heading.insert(category, at: 1)
    }
    // The count is said once the search has settled, not for each step of typing, as the
    // status line says it ("3 results", "No results in Frameworks — 4 in All").
    spoken.facts = search.isBusy || isWaiting || isFailed ? [] : [(.results, status)]
    spoken.facts.append((.category, category))
    let field = search.field.text
    spoken.fieldLeft = strings(L10n.Spoken.searchFieldLeft(status))
    if scene.isEditingText {
      // The search that found the rows: a row it did not list is not a move of the selection.
      spoken.rowBesideField = spoken.focus.map { ($0, [search.matchedQuery, search.selectedCategory]) }
      spoken.focus = SpokenPresentation.Focus(
        id: .searchField, text: searchFieldLine(field, strings, spokenKeys), fieldText: field)
    } else if !field.isEmpty {
      spoken.details = [searchFieldLine(field, strings, spokenKeys)]
    }
    spoken.catalogLoad = catalogLoad(of: search)
    spoken.refreshOutcome = search.list.refreshOutcome
    return spoken
  }

  /// Where the catalog under Search stands, from its status line's state, as a list tab's is
  /// from its list's. A first load that failed is said whatever the status line shows meanwhile
  /// (a retry's progress, a refresh, typing): ``SearchViewModel/error`` outlasts the
  /// ``SearchViewModel/Status/failed(_:)`` case, as a list tab's retry still says the failure.
  private static func catalogLoad(of search: SearchViewModel) -> SpokenPresentation.CatalogLoad {
    if let error = search.error { return .failed(error.message) }
    return switch search.status {
    case .loadingCatalog: .loading
    case .refreshing: .refreshing
    case .failed(let error): .failed(error.message)
    case .searching, .queryTooShort, .noResults, .results: .idle
    }
  }

  /// Whether the catalog's first load under Search is in flight and has said how far it has come.
  private static func isLoadingCatalog(_ search: SearchViewModel) -> Bool {
    if case .loadingCatalog = search.status { true } else { false }
  }

  /// Favorites, a list tab whose count line is its summary ("2 favorites · 1 not in this
  /// catalog"): said where the screen shows it, in place of the row count, so the saved ones
  /// the catalog lacks are heard on arriving as they are seen.
  private static func favorites(
    _ favorites: FavoritesViewModel, scene: SpokenScene, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    // With no rows the screen says there are none, not the summary, and so does the list.
    let summary = favorites.favoritesSummary.map { SpokenKeys.pauses(strings($0)) }
    let spoken = list(
      favorites.list, title: scene.title, identity: identity, countText: summary, strings: strings)
    return with(favorites.list, isBusy: favorites.isBusy, spoken, strings)
  }

  private static func profile(
    _ profile: ProfileViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = SpokenPresentation(identity: identity, heading: [title, strings(profile.displayName)])
    // In the screen's order: the bio, the favorites, then Sign out below them.
    spoken.aboveFocus = [strings(profile.bio)]
    if let summary = profile.favoritesSummary {
      let favorites = SpokenKeys.pauses(strings(summary))
      spoken.aboveFocus.append(favorites)
      spoken.facts = [(.favorites, favorites)]
    }
    // The one control of the screen, selected as it shows: Enter acts on it.
    spoken.focus = SpokenPresentation.Focus(id: .signOut, text: strings(L10n.Profile.signOut))
    return spoken
  }

  private static func settings(
    _ settings: SettingsViewModel, title: String, identity: SpokenPresentation.Identity, askedBy: String?,
    strings: Localizer
  ) -> SpokenPresentation {
    var spoken = SpokenPresentation(identity: identity, heading: [title])
    let rows = settings.rows
    guard rows.indices.contains(settings.selectedIndex) else { return spoken }
    let row = rows[settings.selectedIndex]
    var text = strings(L10n.Spoken.setting(label: row.label, value: row.valueLabel))
    // Off, the reader still speaks: say when "off" applies, or it would sound untrue. A toggle
    // turned off here applies from the next start, but a guest's is never saved, so it never
    // does; with `--screen-reader` (or the variable) it never stops the reader those ask for.
    if row.key == .screenReader, !settings.toggles.usesScreenReader {
      let when = askedBy.map { L10n.Spoken.onWhenStartedWith($0) } ?? settings.unsavedNote ?? L10n.Spoken.fromNextStart
      text += ", " + strings(when)
    }
    spoken.focus(on: .setting(row.key), at: settings.selectedIndex, of: rows.count, text: text, strings: strings)
    if let note = settings.unsavedNote {
      spoken.details.append(strings(note))
    }
    return spoken
  }

  private static func detail(_ detail: DetailViewModel, identity: SpokenPresentation.Identity, strings: Localizer)
    -> SpokenPresentation
  {
    let item = detail.item
    var spoken = SpokenPresentation(identity: identity, heading: [item.title])
    let featured = item.isFeatured ? " · " + strings(L10n.Detail.featured) : ""
    let category = SpokenKeys.pauses(strings(L10n.Detail.category(item.category + featured)))
    var marks = detail.isOwn ? [strings(L10n.Detail.yours)] : []
    // Until the favorites are read (a link can open the item first) its state is not known:
    // it is said once it is, as the state, not as a change anyone made.
    let state = detail.favoriteState.map { strings($0) } ?? ""
    let change = detail.isFavorite ? L10n.Spoken.favorited(item.title) : L10n.Spoken.unfavorited(item.title)
    if !state.isEmpty {
      marks.append(state)
    }
    spoken.details = [item.subtitle, category, item.description] + marks
    // `.` recalls where one is, not the text, which `,` reads again. The link is said there
    // only: an address spelled out is long to hear on every opening, and `s` shares it without
    // hearing it.
    spoken.whereYouAre = [item.title, category] + marks + [strings(L10n.Spoken.link(detail.link))]
    spoken.description = item.description.isEmpty ? nil : [item.description]
    spoken.facts = [(.favorite, state.isEmpty ? "" : strings(change))]
    spoken.whenKnown = [.favorite: state]
    spoken.toldBy = [.favorite: SpokenPresentation.toast(tellingFavorite: item.title, isFavorite: detail.isFavorite)]
    return spoken
  }

  private static func signIn(
    _ signIn: SignInViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer,
    spokenKeys: SpokenKeys
  ) -> SpokenPresentation {
    var spoken = SpokenPresentation(identity: identity, heading: [title])
    let rows = signIn.rows
    if rows.indices.contains(signIn.selectedIndex) {
      let row = rows[signIn.selectedIndex]
      let field = signIn.nameField.text
      let text =
        switch row {
        case .profile(let name): name.value
        case .newProfile: fieldLine(L10n.Spoken.nameField, field, strings, spokenKeys)
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
    // Any load is this tab's news, whoever started it; how it ended is said as a list tab says
    // it, so a failure the status lines already show is still heard each time it happens.
    // Before anything has loaded it is the first load, as Home says it, not a refresh.
    spoken.catalogLoad = !sources.isBusy ? .idle : sources.status.loadedAt == nil ? .loading : .refreshing
    spoken.refreshOutcome = sources.refreshOutcome
    return spoken
  }

  /// My items: how many, the selected row (every row is yours, so it is not said), a guest's
  /// note that nothing is saved, and with no items how to write one.
  private static func myItems(
    _ myItems: MyItemsViewModel, title: String, identity: SpokenPresentation.Identity, strings: Localizer
  ) -> SpokenPresentation {
    var spoken = list(myItems.list, title: title, identity: identity, marksOwn: false, strings: strings)
    if let note = myItems.unsavedNote {
      spoken.details.append(strings(note))
    }
    if myItems.list.rows.isEmpty {
      spoken.details.append(strings(L10n.MyItems.emptyHint))
    }
    return spoken
  }

  /// A field as it is read: its label and content (a trailing space by name, from `keys`), or
  /// that it is empty.
  static func fieldLine(_ label: LocalizedText, _ text: String, _ strings: Localizer, _ keys: SpokenKeys) -> String {
    guard !text.isEmpty else { return strings(L10n.Spoken.fieldEmpty(strings(label))) }
    return strings(L10n.Spoken.field(label: strings(label), text: keys.content(text)))
  }

  /// The search field as it is read, as ``fieldLine(_:_:_:_:)`` reads a field, in words of its
  /// own: German names it in one word ("Suchfeld"), not as a field labelled "Suche".
  static func searchFieldLine(_ text: String, _ strings: Localizer, _ keys: SpokenKeys) -> String {
    text.isEmpty ? strings(L10n.Spoken.searchFieldEmpty) : strings(L10n.Spoken.searchFieldText(keys.content(text)))
  }
}
