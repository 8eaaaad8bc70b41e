# Studio's My items in screen-reader mode: write an item by keys (a save refused first, with
# each field's reason), hear it saved, edit it, and delete it after the question; every line
# checked by `says`.
# args: --screen-reader --state-dir $STATE_DIR

says Fun, screen reader mode. F1 reads the keys; the field has them until you leave it.
says Sign in, item 1 of 2
says New profile name field, empty
sign-in ada
says Signed in as ada
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
# With no items, My items says so and how to write one.
activity studio
says Activity: Studio
says My items, no items
says Press n to write one: it shows in Explore beside the catalog's, marked as yours.

# The form is a sheet: its title, the focused field and what it accepts, its choices.
key n
says Dialog: New item
says Id field, empty
says Letters, digits, '-', '_' and '.': the item's link is funapp://item/<id>.
says Enter: save the item
says Escape: cancel
says Shift-Tab, Tab: previous or next field
# A save with nothing filled in is refused: each refused field says why, in field order,
# starting with the focused one.
key enter
says Id: The id cannot be empty
says Title: The title cannot be empty
says Category: Choose a category or type a new one
# A reason comes and goes with typing, after what was typed; one that goes says so.
type my notes
says Id field: my notes
says Id: The id takes letters, digits, '-', '_' and '.' only
key ctrl-u
says Id field, empty
says Id: The id cannot be empty
type swiftui
says Id field: swiftui
says Id: The catalog already uses the id swiftui
type -notes
says -notes
says Id: fine now
# A field's hint is said once, as it gains the focus; a field without one says only its name.
key tab
says Title field, empty
type Field
says Title field: Field
says Title: fine now
key space
says space
type notes
says notes
key tab
says Subtitle field, empty
paste What I saw
says Subtitle field: What I saw
# ↓ in the category chooses a known one, read whole; typing takes a new one.
key tab
says Category field, empty
says Up and Down arrows choose one of the 6 known categories, or type a new one.
key down
says Category field: Architecture
says Category: fine now
key down
says Category field: Frameworks
key ctrl-u
says Category field, empty
says Category: Choose a category or type a new one
type Journal
says Category field: Journal
says Category: fine now
# The description: Enter starts a paragraph, ↑/↓ go a line (here each paragraph is one) and say which paragraph.
key tab
says Description field, empty
says Control S: save the item, Up and Down arrows: previous or next line, Enter: new paragraph (in the description)
type First paragraph.
says Description field: First paragraph.
key enter
says Description, paragraph 2 of 2, empty
type Second
says Description, paragraph 2 of 2: Second
type  paragraph.
says  paragraph.
key up
says Description, paragraph 1 of 2: First paragraph.
# F1 reads the form's keys (in a field, `?` is typed).
key f1
says Help: New item
says This dialog
says Escape: cancel
says Shift-Tab, Tab: previous or next field
says The item's fields
says Control S: save the item
says Up and Down arrows: previous or next line
says Enter: new paragraph (in the description)
says Editing the text (as in a shell)
says Left and Right arrows, Control B, Control F: cursor a character back or forward
says Alt B, Alt F: cursor a word back or forward
says Home, End, Control A, Control E: cursor to the start or the end
says Backspace, Delete, Control D: delete the character before or after the cursor
says Control W, Alt Backspace, Alt D: delete the word before or after the cursor
says Control U, Control K: delete to the start or the end
says Everywhere
says F1: this help
says Control C: quit
says Control Z: suspend (fg resumes)
# Saved: the list arrives again with the item, then the toast.
key ctrl-s
says My items, 1 item, item 1 of 1
says Field notes — What I saw
says Saved Field notes
key .
says My items, 1 item, item 1 of 1
says Field notes — What I saw

# Editing says which item it edits.
key e
says Dialog: Edit swiftui-notes, Field notes
says Id field: swiftui-notes
says Letters, digits, '-', '_' and '.': the item's link is funapp://item/<id>.
says Enter: save the item
says Escape: cancel
says Shift-Tab, Tab: previous or next field
key tab
says Title field: Field notes
key ctrl-u
says Title field, empty
says Title: The title cannot be empty
type Garden notes
says Title field: Garden notes
says Title: fine now
key enter
says My items, 1 item, item 1 of 1
says Garden notes — What I saw
says Saved Garden notes

# Deleting asks first; Esc keeps the item, Enter deletes it.
key d
says Dialog: Delete Garden notes?
says Your item swiftui-notes is removed, with its link and its favorite, if it is one. This cannot be undone.
says Enter: Delete
says Escape: cancel
key esc
says My items, 1 item, item 1 of 1
says Garden notes — What I saw
key d
says Dialog: Delete Garden notes?
says Your item swiftui-notes is removed, with its link and its favorite, if it is one. This cannot be undone.
says Enter: Delete
says Escape: cancel
key enter
says My items, no items
says Press n to write one: it shows in Explore beside the catalog's, marked as yours.
says Deleted Garden notes
