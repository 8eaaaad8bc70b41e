import FunModel
import Observation

/// The form that creates one of your items or edits one: id, title, subtitle, category and a
/// description of paragraphs, each field a ``LineEditor`` checked by the rule of
/// ``/FunModel/MyItemDraft``.
///
/// Each field says why it is refused (``problem(for:)``) once it has been edited or a save has
/// been tried, so a new form does not open covered in complaints. What a person does arrives as
/// one ``Action`` through ``send(_:)``: Tab moves between fields; ``Action/edit(_:)`` edits the
/// focused one (keys and pastes alike). The description is a list of paragraphs:
/// ``Action/breakParagraph`` splits the focused one at the cursor, a Backspace at a paragraph's
/// start joins it to the one before, and ``Action/focusParagraph(by:)`` moves between them. The
/// category takes typing or ``Action/cycleCategory(by:)`` through the known ones.
/// ``Action/confirm`` saves through the ``MyItemsStore`` and closes the sheet once the save is
/// done, or focuses the first refused field and leaves the sheet open.
///
/// An edit saves over the item as the form opened it and nothing else: if another Fun on the
/// profile changed or deleted it meanwhile, the save is refused, ``message`` says so and the
/// draft stays. The form then starts from what is saved (a deleted item's form becomes a new
/// item's), so saving again replaces that change deliberately; cancelling keeps it.
@Observable
@MainActor
public final class MyItemFormViewModel {
  /// A field of the form.
  public typealias Field = MyItemDraft.Field

  /// What a person can do in the form: the sheet's keys and script mode send these.
  public enum Action: Equatable, Sendable {
    /// Moves the focus to the next field, from the last back to the first.
    case focusNextField
    /// Moves the focus to the previous field, from the first to the last.
    case focusPreviousField
    /// Edits the focused field (a key or a paste); in the description, a Backspace at the start
    /// of a paragraph joins it to the one before.
    case edit(LineEditor.Edit)
    /// Splits the focused paragraph at its cursor; only while the description is focused.
    case breakParagraph
    /// Moves to the paragraph this many away (clamped), while the description is focused.
    case focusParagraph(by: Int)
    /// Replaces the category with the known one this many steps from it, focusing the category.
    case cycleCategory(by: Int)
    /// Saves and closes, or focuses the first refused field and stays open.
    case confirm
    /// Closes without saving.
    case cancel
  }

  /// The longest text a one-line field takes while typing: past the rule's limits, so the rule
  /// can say what is wrong, and bounded so a paste cannot grow it without end.
  static let lineTypingLimit = 400
  /// The longest paragraph while typing, for the same reasons.
  static let paragraphTypingLimit = 2 * MyItemDraft.paragraphLimit

  /// The id being edited.
  private(set) var id: LineEditor
  /// The title being edited.
  private(set) var title: LineEditor
  /// The subtitle being edited.
  private(set) var subtitle: LineEditor
  /// The category being edited.
  private(set) var category: LineEditor
  /// The description's paragraphs being edited; never empty.
  public private(set) var paragraphs: [LineEditor]
  /// The field typing goes to.
  public private(set) var focusedField = Field.id
  /// The paragraph typing goes to while the description is focused.
  public private(set) var focusedParagraph = 0
  /// Why the last save was refused when no single field is to blame (the store's reason).
  public private(set) var message: LocalizedText?
  /// A save is under way: the form waits for it to close or say why not, and ignores every
  /// action meanwhile, Esc included, so no edit is lost between the draft saved and the form
  /// that shows a refusal. A save takes milliseconds, but one made while the session's first
  /// read of a file near the size cap is under way waits for that read (seconds).
  private(set) var isSaving = false

  /// Who closes the sheet (not observed: no screen draws it).
  @ObservationIgnored
  public weak var coordinator: (any SheetCoordinating)?

  /// The id of the item being edited; `nil` for a new one.
  public var originalID: String? {
    original?.id
  }

  /// The item being edited as it was saved when the form opened (or when a save was last
  /// refused): what a save may replace.
  private var original: FeaturedItem?

  /// The fields edited since the form opened; every field once a save has been tried.
  private var touchedFields: Set<Field> = []

  @ObservationIgnored private let store: MyItemsStore

  /// A form for a new item (`editing` `nil`) or for your item with the id `editing`, saved
  /// through `store`. An id that is not one of yours opens an empty form for a new item.
  public init(store: MyItemsStore, editing originalID: String? = nil) {
    self.store = store
    let item = originalID.flatMap { store.item(withID: $0) }
    original = item
    let draft = item.map(MyItemDraft.init(editing:)) ?? MyItemDraft()
    id = LineEditor(draft.id, limit: Self.lineTypingLimit)
    title = LineEditor(draft.title, limit: Self.lineTypingLimit)
    subtitle = LineEditor(draft.subtitle, limit: Self.lineTypingLimit)
    category = LineEditor(draft.category, limit: Self.lineTypingLimit)
    let texts = draft.paragraphs.isEmpty ? [""] : draft.paragraphs
    paragraphs = texts.map { LineEditor($0, limit: Self.paragraphTypingLimit) }
  }

  /// Whether the form creates an item (rather than edits one).
  var isNew: Bool {
    originalID == nil
  }

  /// What `field` is called, beside it on screen and before it when it is read aloud.
  public static func label(of field: Field) -> LocalizedText {
    switch field {
    case .id: L10n.MyItems.fieldID
    case .title: L10n.MyItems.fieldTitle
    case .subtitle: L10n.MyItems.fieldSubtitle
    case .category: L10n.MyItems.fieldCategory
    case .description: L10n.MyItems.fieldDescription
    }
  }

  /// What `field` accepts or how it is filled, shown under it while it has the focus and said
  /// once when it gains it; `nil` for a field that needs no explaining.
  public func hint(for field: Field) -> LocalizedText? {
    switch field {
    case .id: L10n.MyItems.idHint
    case .category: L10n.MyItems.categoryHint(categories.count)
    case .description: L10n.MyItems.descriptionHint
    case .title, .subtitle: nil
    }
  }

  /// The fields as typed.
  var draft: MyItemDraft {
    MyItemDraft(
      id: id.text, title: title.text, subtitle: subtitle.text, category: category.text,
      paragraphs: paragraphs.map(\.text))
  }

  /// The text and cursor of a one-line `field`; for the description, the focused paragraph.
  public func editor(for field: Field) -> LineEditor {
    switch field {
    case .id: id
    case .title: title
    case .subtitle: subtitle
    case .category: category
    case .description: paragraphs[focusedParagraph]
    }
  }

  /// Why `field` is refused, once it has been edited or a save tried; `nil` when it is fine.
  public func problem(for field: Field) -> LocalizedText? {
    guard touchedFields.contains(field) else { return nil }
    return draft.problem(of: field) { [store, originalID] in store.owner(of: $0, besides: originalID) }
  }

  /// The categories ``Action/cycleCategory(by:)`` goes through: the catalog's and your items'.
  public var categories: [String] {
    store.categories
  }

  /// Does what `action` asks; the one way the view layers change the form.
  public func send(_ action: Action) {
    guard !isSaving else { return }
    switch action {
    case .focusNextField: focusNextField()
    case .focusPreviousField: focusPreviousField()
    case .edit(let edit): self.edit(edit)
    case .breakParagraph: breakParagraph()
    case .focusParagraph(let offset): focusParagraph(by: offset)
    case .cycleCategory(let offset): cycleCategory(by: offset)
    case .confirm: confirm()
    case .cancel: cancel()
    }
  }

  /// Moves the focus to the next field, from the last back to the first.
  func focusNextField() {
    moveFocus(by: 1)
  }

  /// Moves the focus to the previous field, from the first to the last.
  func focusPreviousField() {
    moveFocus(by: -1)
  }

  /// Edits the focused field (a key or a paste). In the description, a Backspace at the start
  /// of a paragraph joins it to the one before.
  func edit(_ edit: LineEditor.Edit) {
    let changed: Bool
    switch focusedField {
    case .id: changed = id.apply(edit)
    case .title: changed = title.apply(edit)
    case .subtitle: changed = subtitle.apply(edit)
    case .category: changed = category.apply(edit)
    case .description:
      if edit == .delete(.characterBackward), paragraphs[focusedParagraph].cursor == 0, focusedParagraph > 0 {
        joinParagraphWithPrevious()
        changed = true
      } else {
        changed = paragraphs[focusedParagraph].apply(edit)
      }
    }
    if changed { markEdited(focusedField) }
  }

  /// Splits the focused paragraph at its cursor, focusing the second part; only while the
  /// description is focused, and only one past the rule's limit, so the rule can say so.
  func breakParagraph() {
    guard focusedField == .description, paragraphs.count <= MyItemDraft.paragraphCountLimit else { return }
    let editor = paragraphs[focusedParagraph]
    let characters = Array(editor.text)
    let head = String(characters[..<editor.cursor])
    let tail = String(characters[editor.cursor...])
    paragraphs[focusedParagraph] = LineEditor(head, limit: Self.paragraphTypingLimit)
    paragraphs.insert(LineEditor(tail, cursor: 0, limit: Self.paragraphTypingLimit), at: focusedParagraph + 1)
    focusedParagraph += 1
    markEdited(.description)
  }

  /// Moves to the paragraph `offset` away (clamped), while the description is focused.
  func focusParagraph(by offset: Int) {
    guard focusedField == .description else { return }
    focusedParagraph = min(max(focusedParagraph + offset, 0), paragraphs.count - 1)
  }

  /// Replaces the category with the known one `offset` steps from it (the first or last when
  /// it is not a known one), focusing the category.
  func cycleCategory(by offset: Int) {
    let known = categories
    guard !known.isEmpty else { return }
    focusedField = .category
    let next: Int
    if let current = known.firstIndex(of: category.text) {
      next = ((current + offset) % known.count + known.count) % known.count
    } else {
      next = offset >= 0 ? 0 : known.count - 1
    }
    category = LineEditor(known[next], limit: Self.lineTypingLimit)
    markEdited(.category)
  }

  /// Saves and closes, or focuses the first refused field (every field then says what is
  /// wrong with it) and stays open.
  func confirm() {
    touchedFields = Set(Field.allCases)
    if let first = Field.allCases.first(where: { problem(for: $0) != nil }) {
      focusedField = first
      return
    }
    do throws(AppError) {
      try store.save(draft, replacing: original) { [weak self] refusal in self?.didSave(refusal) }
      message = nil
      isSaving = true
    } catch {
      refuse(error)
    }
  }

  private func didSave(_ refusal: AppError?) {
    isSaving = false
    if let refusal {
      refuse(refusal)
    } else {
      coordinator?.dismissSheet()
    }
  }

  /// Says why the save was refused, keeping the draft, and starts from what is saved now: an
  /// item another Fun changed is replaced by saving again, one it deleted is saved anew.
  private func refuse(_ error: AppError) {
    message = error.text
    if let original {
      self.original = store.item(withID: original.id)
    }
  }

  /// Closes without saving.
  func cancel() {
    coordinator?.dismissSheet()
  }

  private func moveFocus(by offset: Int) {
    let fields = Field.allCases
    let current = fields.firstIndex(of: focusedField) ?? 0
    focusedField = fields[((current + offset) % fields.count + fields.count) % fields.count]
  }

  private func joinParagraphWithPrevious() {
    let joined = paragraphs.remove(at: focusedParagraph)
    focusedParagraph -= 1
    let previous = paragraphs[focusedParagraph]
    let cursor = previous.text.count
    // Never cut: the joined paragraph may be longer than typing alone makes one.
    let text = previous.text + joined.text
    paragraphs[focusedParagraph] = LineEditor(
      text, cursor: cursor, limit: max(Self.paragraphTypingLimit, text.count))
  }

  private func markEdited(_ field: Field) {
    touchedFields.insert(field)
    message = nil
  }
}
