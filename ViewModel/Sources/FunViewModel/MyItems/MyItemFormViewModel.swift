import Foundation
import FunModel
import Observation

/// The form that creates one of your items or edits one: id, title, subtitle, category and a
/// description of paragraphs, each field a ``LineEditor`` checked by the rule of
/// ``/FunModel/MyItemDraft``.
///
/// Each field says why it is refused (``problem(for:)``) once it has been edited or a save has
/// been tried, so a new form does not open covered in complaints. What a person does arrives as
/// one ``Action`` through ``send(_:)``: Tab moves between fields; ``Action/edit(_:)`` edits the
/// focused one and ``Action/paste(_:)`` pastes into it. The description is a list of paragraphs:
/// ``Action/breakParagraph`` splits the focused one at the cursor (refused, with the limit in
/// ``message``, once the description has as many as the rule takes), a Backspace at a
/// paragraph's start joins it to the one before. ``Action/placeCursor(in:paragraph:at:line:)`` puts
/// the cursor anywhere: the screen, which alone knows how the paragraphs wrap, sends it for a
/// click and for ↑/↓ from one wrapped line to the next. A paste makes the paragraphs it shows
/// (`paragraphs(ofPaste:)`; ``pastedParagraphs`` says how many); one the rule's limits
/// cannot take is refused whole and ``message`` says why. The category takes typing or
/// ``Action/cycleCategory(by:)`` through the known ones. ``Action/confirm`` saves through the ``MyItemsStore`` and closes the sheet once
/// the save is done, or focuses the first refused field and leaves the sheet open.
///
/// ``Action/cancel`` closes an unchanged form at once; with changes, the first only says in
/// ``message`` that a second discards them, and any other action keeps editing (a key that
/// means nothing in the form sends ``Action/keepEditing``), so one stray Esc never throws away
/// what was written, nor does an Esc long after the one that asked.
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
    /// Edits the focused field (a key, or a paste into a one-line field); in the description, a
    /// Backspace at the start of a paragraph joins it to the one before.
    case edit(LineEditor.Edit)
    /// Inserts the lines of a paste (sanitised, none holding a line break) at the cursor of the
    /// focused field: in the description each line after the first starts a paragraph, as Enter
    /// does, and the paste is taken whole or refused whole; a one-line field takes them joined
    /// by spaces.
    case paste([String])
    /// Splits the focused paragraph at its cursor; only while the description is focused.
    case breakParagraph
    /// Focuses `field` with the cursor before the character at offset `at` (clamped) of its
    /// text; in the description, of paragraph number `paragraph` (clamped; one-line fields have
    /// only paragraph 0), on the wrapped `line` of it (its characters' offsets) when the view
    /// knows it. A click on a field, and ↑/↓ between the description's wrapped lines.
    case placeCursor(in: Field, paragraph: Int, at: Int, line: Range<Int>? = nil)
    /// Replaces the category with the known one this many steps from it, focusing the category.
    case cycleCategory(by: Int)
    /// Saves and closes, or focuses the first refused field and stays open.
    case confirm
    /// Closes without saving; with unsaved changes, only the second in a row does.
    case cancel
    /// A key that means nothing in the form: it changes nothing, but calls off a pending
    /// discard as every action other than ``cancel`` does.
    case keepEditing
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
  /// What the form says below its fields: why the last save was refused when no single field
  /// is to blame (the store's reason), until an edit; or, until the next action, why a paste
  /// was refused or that a second Esc discards the changes.
  public var message: LocalizedText? {
    formMessage.text
  }

  /// How many saves were refused, for a field or by the store: a save refused as the last one
  /// was changes nothing else on the form, and a screen reader must say its reasons again.
  public private(set) var refusedSaves = 0

  /// Whether the last action was an Esc that found unsaved changes, so a second one discards
  /// them (``message`` says so): the hints offer that Esc.
  public var isDiscardPending: Bool {
    formMessage.isDiscardPending
  }

  /// How many paragraphs the last action pasted, when it pasted more than one; `nil` after any
  /// other action. The box may show only the last of them: the screen reader says how many.
  public private(set) var pastedParagraphs: Int?

  /// The wrapped line of the focused paragraph the last action put the cursor on (↑/↓ from
  /// line to line), as the view showing the form wraps it: its characters' offsets in the
  /// paragraph; `nil` after any other action. Only the view knows the wrapping, and the screen
  /// reader says the line, as a sighted person sees where the cursor landed.
  public private(set) var cursorLine: Range<Int>?

  private var formMessage = FormMessage()
  /// A save is under way: the form waits for it to close or say why not, and ignores every
  /// action meanwhile, Esc included, so no edit is lost between the draft saved and the form
  /// that shows a refusal. A save is quick, but one made while the session's first read of a
  /// file near the size cap is under way waits for that read.
  private(set) var isSaving = false
  /// The last save succeeded: the sheet is closing, and the draft stays as it was saved.
  private var hasSaved = false

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

  /// The draft as the form opened: what counts as no change.
  private let openingDraft: MyItemDraft

  @ObservationIgnored private let store: MyItemsStore
  @ObservationIgnored private let didShow: @MainActor (String) -> Void

  /// A form for a new item (`editing` `nil`) or for your item with the id `editing`, saved
  /// through `store`. An id that is not one of yours opens an empty form for a new item.
  /// `didShow` hears the id of the item saved as soon as it shows (before the service has
  /// decided): the tab that opened the form selects it.
  public init(
    store: MyItemsStore, editing originalID: String?, didShow: @escaping @MainActor (String) -> Void
  ) {
    self.store = store
    self.didShow = didShow
    let item = originalID.flatMap { store.item(withID: $0) }
    original = item
    let draft = item.map(MyItemDraft.init(editing:)) ?? MyItemDraft()
    openingDraft = Self.content(of: draft)
    id = LineEditor(draft.id, limit: Self.lineTypingLimit)
    title = LineEditor(draft.title, limit: Self.lineTypingLimit)
    subtitle = LineEditor(draft.subtitle, limit: Self.lineTypingLimit)
    category = LineEditor(draft.category, limit: Self.lineTypingLimit)
    let texts = draft.paragraphs.isEmpty ? [""] : draft.paragraphs
    paragraphs = texts.map { LineEditor($0, limit: Self.paragraphTypingLimit) }
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
    // Before the catalog loads, or when it failed, there is nothing to choose from yet.
    case .category: categories.isEmpty ? L10n.MyItems.categoryHintTyped : L10n.MyItems.categoryHint(categories.count)
    // At the most paragraphs Enter only says so: the hint offers no new one.
    case .description: canAddParagraph ? L10n.MyItems.descriptionHint : L10n.MyItems.descriptionHintFull
    case .title, .subtitle: nil
    }
  }

  /// Whether the description can take another paragraph (``Action/breakParagraph`` refuses at
  /// the rule's limit, saying why).
  public var canAddParagraph: Bool {
    paragraphs.count < MyItemDraft.paragraphCountLimit
  }

  /// The fields as typed.
  var draft: MyItemDraft {
    MyItemDraft(
      id: id.text, title: title.text, subtitle: subtitle.text, category: category.text,
      paragraphs: paragraphs.map(\.text))
  }

  /// Whether the form holds something it did not open with; a blank paragraph is no change,
  /// since saving drops it.
  public var hasUnsavedChanges: Bool {
    Self.content(of: draft) != openingDraft
  }

  private static func content(of draft: MyItemDraft) -> MyItemDraft {
    var content = draft
    content.paragraphs.removeAll(where: isBlank)
    return content
  }

  /// The paragraphs a paste of `lines` makes. Text with blank lines between its lines is
  /// paragraphs separated by them, each perhaps hard-wrapped (an email, a README): its lines are
  /// joined by a space. Text without is a paragraph a line. Either way blank lines add no
  /// paragraph (saving would drop them); a first or last line stays as it is, even blank, as
  /// it joins the text before or after the cursor.
  static func paragraphs(ofPaste lines: [String]) -> [String] {
    guard lines.count > 2, lines[1..<(lines.count - 1)].contains(where: isBlank) else {
      return lines.indices.filter { $0 == 0 || $0 == lines.count - 1 || !isBlank(lines[$0]) }.map { lines[$0] }
    }
    let blocks = lines.split(omittingEmptySubsequences: false, whereSeparator: isBlank)
    return blocks.indices.compactMap { index in
      // An empty block inside is blank lines in a row; at an end, the paste's edge.
      guard !blocks[index].isEmpty || index == 0 || index == blocks.count - 1 else { return nil }
      // Joined where the hard wrap broke it: one space, whatever spaces were there.
      return blocks[index].reduce(into: "") { paragraph, line in
        paragraph =
          paragraph.isEmpty
          ? String(line)
          : String(paragraph.reversed().drop(while: \.isWhitespace).reversed()) + " "
            + String(line.drop(while: \.isWhitespace))
      }
    }
  }

  private static func isBlank(_ text: String) -> Bool {
    text.allSatisfy(\.isWhitespace)
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

  /// Why `field` is refused, once it has been edited or a save tried; `nil` when it is fine,
  /// and while the draft's save is under way or done (the store already shows it as saved).
  public func problem(for field: Field) -> LocalizedText? {
    // A draft being saved was judged fine as it went, and takes no edit since: judged again, a
    // new item would be refused for the id it holds itself, as the store shows it at once.
    guard touchedFields.contains(field), !isSaving, !hasSaved else { return nil }
    return draft.problem(of: field) { [store, originalID] in store.owner(of: $0, besides: originalID) }
  }

  /// The categories ``Action/cycleCategory(by:)`` goes through: the catalog's and your items'.
  public var categories: [String] {
    store.categories
  }

  /// Does what `action` asks; the one way the view layers change the form.
  public func send(_ action: Action) {
    guard !isSaving else { return }
    if action != .cancel { formMessage.beginAction() }
    pastedParagraphs = nil
    cursorLine = nil
    switch action {
    case .focusNextField: moveFocus(by: 1)
    case .focusPreviousField: moveFocus(by: -1)
    case .edit(let edit): self.edit(edit)
    case .paste(let lines): paste(lines)
    case .breakParagraph: breakParagraph()
    case .placeCursor(let field, let paragraph, let offset, let line):
      placeCursor(in: field, paragraph: paragraph, at: offset, line: line)
    case .cycleCategory(let offset): cycleCategory(by: offset)
    case .confirm: confirm()
    case .cancel:
      if formMessage.cancelCloses(hasUnsavedChanges: hasUnsavedChanges) {
        coordinator?.dismissSheet()
      }
    case .keepEditing: break
    }
  }

  private func edit(_ edit: LineEditor.Edit) {
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

  /// At the rule's limit this refuses at once, saying the limit, rather than leave a paragraph
  /// that only a save would refuse.
  private func breakParagraph() {
    guard focusedField == .description else { return }
    guard canAddParagraph else {
      formMessage.say(L10n.MyItems.newParagraphRefused(MyItemDraft.paragraphCountLimit))
      return
    }
    let editor = paragraphs[focusedParagraph]
    let characters = Array(editor.text)
    let head = String(characters[..<editor.cursor])
    let tail = String(characters[editor.cursor...])
    paragraphs[focusedParagraph] = LineEditor(head, limit: Self.paragraphTypingLimit)
    paragraphs.insert(LineEditor(tail, cursor: 0, limit: Self.paragraphTypingLimit), at: focusedParagraph + 1)
    focusedParagraph += 1
    markEdited(.description)
  }

  private func placeCursor(in field: Field, paragraph: Int, at offset: Int, line: Range<Int>?) {
    focusedField = field
    switch field {
    case .id: id = id.placingCursor(at: offset)
    case .title: title = title.placingCursor(at: offset)
    case .subtitle: subtitle = subtitle.placingCursor(at: offset)
    case .category: category = category.placingCursor(at: offset)
    case .description:
      focusedParagraph = min(max(paragraph, 0), paragraphs.count - 1)
      paragraphs[focusedParagraph] = paragraphs[focusedParagraph].placingCursor(at: offset)
      let length = paragraphs[focusedParagraph].text.count
      cursorLine = line.map { min(max($0.lowerBound, 0), length)..<min(max($0.upperBound, 0), length) }
    }
  }

  /// A category that is not a known one steps to the first or the last.
  private func cycleCategory(by offset: Int) {
    let known = categories
    guard !known.isEmpty else { return }
    focusedField = .category
    let next: Int
    if let current = known.firstIndex(of: category.text) {
      next = ListSelection.wrap(current + offset, count: known.count)
    } else {
      next = offset >= 0 ? 0 : known.count - 1
    }
    category = LineEditor(known[next], limit: Self.lineTypingLimit)
    markEdited(.category)
  }

  /// Every field counts as touched from here on, so each one says what is wrong with it.
  private func confirm() {
    touchedFields = Set(Field.allCases)
    if let first = Field.allCases.first(where: { problem(for: $0) != nil }) {
      focusedField = first
      refusedSaves += 1
      return
    }
    do throws(AppError) {
      let shown = try store.save(draft, replacing: original) { [weak self] refusal in self?.didSave(refusal) }
      formMessage.refusal = nil
      isSaving = true
      didShow(shown.id)
    } catch {
      refuse(error)
    }
  }

  private func didSave(_ refusal: AppError?) {
    isSaving = false
    if let refusal {
      refuse(refusal)
    } else {
      hasSaved = true
      coordinator?.dismissSheet()
    }
  }

  /// Says why the save was refused, keeping the draft, and starts from what is saved now: an
  /// item another Fun changed is replaced by saving again, one it deleted is saved anew.
  private func refuse(_ error: AppError) {
    formMessage.refusal = error.text
    refusedSaves += 1
    if let original {
      self.original = store.item(withID: original.id)
    }
  }

  private func moveFocus(by offset: Int) {
    let fields = Field.allCases
    let current = fields.firstIndex(of: focusedField) ?? 0
    focusedField = fields[ListSelection.wrap(current + offset, count: fields.count)]
  }

  private func paste(_ lines: [String]) {
    guard focusedField == .description else {
      edit(.insert(LineEditor.oneLine(lines)))
      return
    }
    if pasteParagraphs(lines) { markEdited(.description) }
  }

  /// Inserts the paragraphs of `lines` (``paragraphs(ofPaste:)``) at the cursor, each after the
  /// first starting a paragraph as Enter does. A paste that would leave more paragraphs, or a
  /// longer one, than the rule takes is refused whole, with the reason in ``message``: a paste
  /// is never cut unseen, and the description stays as it was. A paste of several paragraphs
  /// says how many in ``pastedParagraphs``.
  private func pasteParagraphs(_ lines: [String]) -> Bool {
    guard !lines.isEmpty else { return false }
    var pasted = Self.paragraphs(ofPaste: lines)
    let editor = paragraphs[focusedParagraph]
    let characters = Array(editor.text)
    pasted[0] = String(characters[..<editor.cursor]) + pasted[0]
    let last = pasted.count - 1
    // Counted on the joined text: a combining mark pasted first joins the character before it.
    let cursor = pasted[last].count
    pasted[last] += String(characters[editor.cursor...])
    var result = paragraphs.map(\.text)
    result.replaceSubrange(focusedParagraph...focusedParagraph, with: pasted)
    let count = result.count { !Self.isBlank($0) }
    // Measured as the rule measures, trimmed.
    let longest = pasted.map { $0.trimmingCharacters(in: .whitespacesAndNewlines).count }.max() ?? 0
    if pasted.count > 1, count > MyItemDraft.paragraphCountLimit {
      formMessage.say(L10n.MyItems.pasteTooManyParagraphs(count: count, maximum: MyItemDraft.paragraphCountLimit))
      return false
    }
    if longest > MyItemDraft.paragraphLimit {
      formMessage.say(L10n.MyItems.pasteParagraphTooLong(length: longest, maximum: MyItemDraft.paragraphLimit))
      return false
    }
    let limit = Self.paragraphTypingLimit
    paragraphs.replaceSubrange(
      focusedParagraph...focusedParagraph,
      with: pasted.enumerated().map { index, text in
        LineEditor(text, cursor: index == last ? cursor : nil, limit: max(limit, text.count))
      })
    focusedParagraph += last
    if pasted.count > 1 { pastedParagraphs = pasted.count }
    return true
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
    formMessage.refusal = nil
  }
}
