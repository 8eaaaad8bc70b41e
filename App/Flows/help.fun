# Help (`?`, or F1 where `?` is typed: in a field, on the : line) on every screen lists that
# screen's keys, from the very table that dispatches them, then the keys that work everywhere;
# ↑↓ scroll it where it is longer than its room, Esc (any other key) closes it.
#
# Run it: swift run fun --script App/Flows/help.fun --state-dir $(mktemp -d) --profile ada
# args: --profile ada

wait 1s

# Home: the list, then the featured cards it can move up to.
key ?
expect Help: Home
expect ↑ ↓ k j            move (↑ on the first row: to the cards)
expect ← → h l            carousel page
expect lines 1–20/
key end
expect The featured cards (↑ from the first row)
expect q Ctrl-C           quit
key esc
expect Featured

# Detail: its link and how to share it.
open 1
key ?
expect Help: SwiftUI
expect s                  share (copies the link)
key esc
expect funapp://item/swiftui

# Search: the results, with the categories on [ and ], and the field's own keys.
tab search
key ?
expect Help: Search
expect [ ]                category
expect In the search field
expect-not Ctrl-W
key esc
# In the field `?` types; F1 shows its keys, the line editor's among them.
key /
key f1
expect Esc Enter                   leave the field
expect Editing the text (as in a shell)
expect Home End Ctrl-A Ctrl-E      cursor to the start / the end
expect Ctrl-W Alt-Backspace Alt-D  delete the word before / after the cursor
key esc
key esc

# The : line: F1 there lists its own keys, history and completion among them.
key :
key f1
expect Help: The command line
expect ↑ ↓                         earlier / later lines
expect Tab                         complete the command name
key esc
expect-not Help: The command line
key esc

# Favorites, Profile and Settings.
# Favorites lists `u` only while a removal can be undone, as its hints offer it.
fav swiftui
tab favorites
key ?
expect x f Delete         remove
expect-not undo the last favorite removal
key esc
key x
key ?
expect u                  undo the last favorite removal
key esc
key u
key ?
expect-not undo the last favorite removal
key esc
tab profile
key ?
expect e                  edit the profile
expect Enter              sign out (asks first)
key esc
tab settings
key ?
expect x                  reset all (asks first)
key esc

# A sheet's help: what answers it, and the few keys that still work behind it.
key x
key ?
expect This dialog
expect Enter   confirm
expect Esc     cancel
expect-not switch tab
key esc
key esc
expect-not This dialog

# In the profile editor's field `?` is typed (F1 opens the help there).
tab profile
key e
key ?
expect-not This dialog
key f1
expect This dialog
expect Ctrl-U Ctrl-K               delete to the start / the end
key esc
# The typed `?` is a change: the first Esc asks, the second discards it.
key esc
expect Unsaved changes: Esc again discards them
key esc

# The sign-in screen: its only keys of its own are choosing, signing in and deleting.
sign-out
key enter
key ?
expect Help: Sign in
expect Profiles
expect Delete           delete the profile (asks first)
expect a–z A–Z 0–9 - _  type a name for a new profile
expect Ctrl-C           quit
expect-not q Ctrl-C
expect-not switch tab
key esc
expect-not Help: Sign in
