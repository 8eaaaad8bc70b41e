# Every field edits the same way, with the keys a shell's line editor has: the sign-in name,
# Search's query, the profile editor's fields and the `:` command line all take a paste, and
# ←/→, Home/End, Ctrl-A/E/U/K/W, Alt-B/F and Delete move and delete as in bash. The `:` line
# lists its commands (`:help`), remembers what ran (↑/↓) and completes a command name (Tab).
# args: --state-dir $STATE_DIR

# A fresh state: the name field has the focus. A paste goes into it whole.
expect > + New profile: ▏
paste erin
expect > + New profile: erin▏
# Home, then a typed letter goes in front; End goes back to the end.
key home
type k
expect + New profile: k▏erin
key ctrl-e
expect + New profile: kerin▏
# Ctrl-W deletes the word before the cursor.
key ctrl-w
expect + New profile: ▏
paste erin
key enter
expect ● erin
sign-out
key enter

# On the sign-in list, typing goes to the name field: a name may start with q or d.
expect > erin
type quinn
expect > + New profile: quinn▏
expect-not Delete profile
# Esc empties the field; ↑ goes back to the list.
key esc
expect + New profile: ▏
key up
key enter
expect ● erin

# Search: ←/→ move the cursor in the query; categories have keys of their own, [ and ].
tab search
wait 1s
key /
paste swift ui
expect Search: swift ui▏
key alt-b
expect Search: swift ▏ui
key ctrl-k
expect Search: swift ▏
key backspace
key left
key left
key left
key delete
expect Search: sw▏ft
type i
expect Search: swi▏ft
key ctrl-a
key alt-f
expect Search: swift▏
wait 400ms
expect Swift Concurrency
# ←/→ never change the category while the field has the focus.
key right
expect Category: ‹ All ›
key esc
key ]
expect Category: ‹ Architecture ›
key [
expect Category: ‹ All ›

# The profile editor: a paste goes into the focused field, line breaks as spaces.
tab profile
key e
expect ┌ Edit profile
key ctrl-u
paste Erin
key tab
key ctrl-u
paste Likes Swift, and long walks.
key alt-b
key alt-b
key ctrl-k
expect Likes Swift, and ▏
type short ones.
key enter
expect-not Edit profile
expect Erin
expect Likes Swift, and short ones.
# A save says so, as an item's does; the toast then goes.
expect ℹ Saved your profile
wait 3s

# The `:` line: :help lists every command of the script language, in a box that scrolls as
# `?` help does where it is longer than its room; at 80x24 it fits, so the hint line offers
# no scroll keys, only how to close it.
key :
type help
key enter
expect ┌ Commands ─
expect sign-out
expect deeplink
expect Esc closes
expect-not ↑↓ scroll
key esc
expect-not ┌ Commands ─

# Once a command's name is typed, the line above shows its arguments.
key :
type toggle
expect toggle <carousel|appearance|network-failure|screen-reader>
key esc

# A command whose success the screen would not show says so in a toast; one that fails says why.
key :
type expect Likes Swift
key enter
expect ✓ The screen shows Likes Swift
key :
type type hello
key enter
expect ✗ No text field on Profile

# ↑ walks back through the lines run before; Enter runs the one shown again.
key :
key up
expect :type hello▏
key up
expect :expect Likes Swift▏
key enter
expect ✓ The screen shows Likes Swift

# Tab completes a command name; where several start alike, it lists them above the line.
key :
type si
key tab
expect :sign-▏
expect sign-in  sign-out
type o
key tab
expect :sign-out ▏
key esc
key :
type to
key tab
type carousel
key enter
tab settings
expect Featured carousel         off
