import FunModel
import FunViewModel

/// What the reader says about one screen or sheet, as plain values it compares with the last
/// ones it spoke: the screen-reader view's equivalent of a frame.
struct SpokenPresentation {
  /// Which screen or sheet a presentation is of.
  enum Identity: Equatable {
    /// The screen or sheet drawing this ViewModel.
    case model(ObjectIdentifier)
    /// A screen or sheet that names no ViewModel, by its title.
    case titled(String)
  }

  /// Which element has the focus.
  enum FocusID: Hashable {
    /// A row of a list: the item's id.
    case item(String)
    /// A card of Home's featured carousel: its item's id.
    case card(String)
    /// A setting.
    case setting(FeatureToggleKey)
    /// A row of the sign-in screen.
    case signIn(SignInViewModel.Row)
    /// Profile's "Sign out".
    case signOut
    /// An activity of the switcher, by its id.
    case activity(String)
    /// The search field.
    case searchField
    /// A field of the profile editor.
    case profileField(ProfileEditorViewModel.Field)
    /// A field of the item form; in the description, one of its paragraphs.
    case itemField(MyItemFormViewModel.Field, paragraph: Int)

    /// The element without its paragraph: moving between a field's paragraphs stays in it.
    var field: FocusID {
      if case .itemField(let field, _) = self { return .itemField(field, paragraph: 0) }
      return self
    }
  }

  /// A fact said when it changes.
  enum FactKey: Hashable {
    case count, results, category, favorites, favorite, message, waitingLinks, status
    /// That the catalog shown is a saved copy, as Home's heading marks it.
    case offline
    /// The page of Home's featured carousel on show, and its cards.
    case carouselPage
    /// How many paragraphs a paste made in a form, said before the paragraph it ends in.
    case pasted
    /// Why a form's field is refused.
    case problem(MyItemFormViewModel.Field)

    /// Whether the fact is said after the focus rather than before it: a field's reason
    /// follows what was typed into it, as a count precedes the row it counts.
    var followsFocus: Bool {
      if case .problem = self { return true }
      return false
    }
  }

  /// The element that has the focus: a row, a setting, a field.
  struct Focus {
    /// Which element it is; moving to another one reads it.
    var id: FocusID
    /// Its place among its siblings (`index` of `count`), when it is one of a list.
    var position: (index: Int, count: Int)?
    /// What it says ("SwiftUI — Declarative…, favorite", "Appearance: dark").
    var text: String
    /// What a move to it says, where its place is said otherwise than "2 of 6: …" (a card's
    /// "card 2 of 6: …"); `nil` for the common form.
    var placed: String?
    /// The group of elements it is one of ("Featured"), said before it when the focus comes to
    /// it from an element of another group, so a person hears they changed places.
    var group: String?
    /// The name a change of its favorite state is said with, and whether it is a favorite;
    /// `nil` for what cannot be one, and until the favorites have been read.
    var favorite: (name: String, isFavorite: Bool)?
    /// A text field's content: a change is echoed as typed, not read whole.
    var fieldText: String?
    /// What the field accepts, said once after `text` when the field gains the focus.
    var hint: String?
    /// The wrapped line of a longer text the cursor was just moved to (↑/↓ in the description),
    /// by its first character: what the move says rather than the whole text, `alone` within
    /// one paragraph, `placed` (after the paragraph's place) on reaching another.
    var line: (start: Int, alone: String, placed: String)?
  }

  /// Where the load of the catalog behind the screen stands (what the screen waits for, not the
  /// app's Explore or Studio, which ``SpokenScene`` calls its activity): its changes are said as
  /// they happen.
  enum CatalogLoad: Equatable {
    case idle, loading, refreshing
    case failed(String)
  }

  /// Which screen or sheet this is: when it changes, the reader says where the person is.
  var identity: Identity
  /// The parts of the first line said on arriving ("Search", "14 results", "item 1 of 14").
  var heading: [String]
  /// Lines the screen shows above the focused element, said between the heading and the focus on
  /// arriving, so the reading order is the screen's (Profile's bio and favorites, then Sign out).
  var aboveFocus: [String] = []
  /// Lines said after the heading and the focus on arriving (a dialog's message, its choices).
  var details: [String] = []
  /// The focused element, if any.
  var focus: Focus?
  /// The row selected in a list while a field beside it has the focus (Search's results under
  /// its field), with what listed its rows: ↑/↓ move it and `fav` toggles it without leaving the
  /// field, so its moves and its favorite are said as a focused row's are. Rows a new listing
  /// brought (the results of what was typed) are not read one by one: their count says them.
  var rowBesideField: (row: Focus, listing: [String?])?
  /// Facts said when they change, by key ("results" → "3 results"); the first value of each
  /// after arriving is only remembered.
  var facts: [(key: FactKey, line: String)] = []
  /// What a fact says instead of its line when it becomes known (its last line was empty): a
  /// state read in is no change anyone made ("In your favorites", not "Favorited SwiftUI");
  /// empty, nothing (Home's carousel showing up with the catalog it came with).
  var whenKnown: [FactKey: String] = [:]
  /// What a fact says when its line empties, for one whose going away is news: a field's reason
  /// for refusing that typing fixed ("Id: fine now"). Any other fact that empties says nothing.
  var whenCleared: [FactKey: String] = [:]
  /// The toast that tells a fact's change when one arrives with it, by key: the change is then
  /// said once, as the toast says it, and not before it as well.
  var toldBy: [FactKey: ToastEvent] = [:]
  /// Facts a move of the focus tells when they change with it: the page a card moved to is
  /// heard in the card's own place ("card 4 of 6"), so saying it as well would say it twice.
  var toldByFocusMove: Set<FactKey> = []
  /// What `.` says, where arriving says more than a reminder of where one is should: an item's
  /// page reads its description on opening, but `.` asks where one is, not for the text again.
  /// `nil`: what arriving says.
  var whereYouAre: [String]?
  /// What `,` reads: the text arriving reads and ``whereYouAre`` leaves out (an item's
  /// description); `nil` where there is none, and then `,` is no key.
  var description: [String]?
  /// The facts a refused save says again, in order, whatever was said of them before, and how
  /// many saves have been refused: one refused as the last was is said again, each reason
  /// whole, not only those that changed.
  var refusal: (count: Int, facts: [FactKey]) = (0, [])
  /// The catalog's load, for screens that show it.
  var catalogLoad: CatalogLoad = .idle
  /// How the catalog's last fetch went (``/FunViewModel/ItemList/refreshOutcome``): what a
  /// refresh that ends says, from the state rather than from the toast, which a failure equal
  /// to the one showing does not bring again.
  var refreshOutcome: ToastEvent?
  /// What is said when the focus leaves a text field of this place for what is not one (Esc
  /// or Enter in the search field): that it left, and what it left the person with, as the
  /// `:` line says that it closed.
  var fieldLeft: String?

  /// The toast a change of the favorite `name` to `isFavorite` can arrive with: a removal's
  /// (which offers the undo) and its undo's. Setting a favorite shows none.
  static func toast(tellingFavorite name: String, isFavorite: Bool) -> ToastEvent {
    .info(isFavorite ? L10n.Favorites.restored(name) : L10n.Favorites.removed(name))
  }

  /// Focuses the element `id` at `index` of `count` siblings, saying `text`, and adds its place
  /// to the heading ("item 2 of 4").
  mutating func focus(
    on id: FocusID, at index: Int, of count: Int, text: String, fieldText: String? = nil, strings: Localizer
  ) {
    heading.append(strings(L10n.Spoken.position(index: index + 1, count: count)))
    focus = Focus(id: id, position: (index, count), text: text, fieldText: fieldText)
  }
}
