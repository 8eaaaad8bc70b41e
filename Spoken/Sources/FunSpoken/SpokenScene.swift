import FunModel
import FunViewModel

/// What is on screen, as the screen-reader view is handed it: the facts the full-screen frame
/// is drawn from, without how they are laid out.
///
/// The composition root fills it from navigation (the current screen's title, its ViewModel
/// and list, the sheet over it, the keys that act) each time the reader speaks, so the reader
/// reads the very ViewModels the screens draw and knows nothing of screens or terminals.
/// Only its initialiser is public: what it holds is the reader's to read.
@MainActor
public struct SpokenScene {
  /// The current screen's title, as its title line shows it.
  var title: String
  /// The ViewModel the current screen draws, when the screen names it.
  var screenModel: AnyObject?
  /// The current screen's list, when it has the common list shape: a screen the reader does not
  /// know is still read by its title and rows.
  var list: ItemList?
  /// Whether the current screen shows its busy spinner (a refresh, a first load): how a list
  /// the reader does not know says that it is refreshing.
  var isBusy: Bool
  /// Whether a text field of the screen has the focus.
  var isEditingText: Bool
  /// The title of the sheet over the screen, while one is up.
  var sheetTitle: String?
  /// The ViewModel the sheet draws, when the sheet names it.
  var sheetModel: AnyObject?
  /// What the sheet says under its content while links wait for it to close.
  var sheetNotice: LocalizedText?
  /// The keys of what has them now (the sheet, else the screen, then those that act
  /// everywhere), as help reads them.
  var keys: [KeyHelpSection]
  /// The activity showing, while someone is signed in.
  var activity: Activity?
  /// Who is signed in, in the app's language; `nil` while nobody is.
  var sessionName: String?
  /// The toast showing, if any.
  var toast: ToastEvent?
  /// How many toasts have come on screen so far: a toast equal to the one before it that comes
  /// with one more is said again.
  var toastsShown: Int
  /// Whether a toast was shown that ``toast`` does not hold yet: it tells of a change already on
  /// screen (a favorite's removal), and comes a moment after it.
  var isToastArriving: Bool
  /// The toasts waiting behind the one showing (``/FunViewModel/ToastViewModel/waiting``): a
  /// change one of them tells is left to it, said once as it shows.
  var toastsWaiting: [ToastEvent]
  /// The text of the `:` command line while it is open; `nil` while it is closed.
  var commandLine: String?
  /// How many lines the `:` command line has run so far: a line that closes with one more run
  /// is followed by what its command did, so the reader does not say that it closed.
  var commandLinesRun: Int

  /// A scene of the current screen titled `title`; everything else is optional.
  public init(
    title: String, screenModel: AnyObject? = nil, list: ItemList? = nil, isBusy: Bool = false,
    isEditingText: Bool = false,
    sheetTitle: String? = nil, sheetModel: AnyObject? = nil, sheetNotice: LocalizedText? = nil,
    keys: [KeyHelpSection] = [], activity: Activity? = nil,
    sessionName: String? = nil, toast: ToastEvent? = nil, toastsShown: Int = 0, isToastArriving: Bool = false,
    toastsWaiting: [ToastEvent] = [], commandLine: String? = nil, commandLinesRun: Int = 0
  ) {
    self.title = title
    self.screenModel = screenModel
    self.list = list
    self.isBusy = isBusy
    self.isEditingText = isEditingText
    self.sheetTitle = sheetTitle
    self.sheetModel = sheetModel
    self.sheetNotice = sheetNotice
    self.keys = keys
    self.activity = activity
    self.sessionName = sessionName
    self.toast = toast
    self.toastsShown = toastsShown
    self.isToastArriving = isToastArriving
    self.toastsWaiting = toastsWaiting
    self.commandLine = commandLine
    self.commandLinesRun = commandLinesRun
  }
}
