# The mouse on sheets and the sign-in screen: a sheet's rows and buttons take clicks as lists
# do (a click selects a row, a click on the selected row chooses it; a button is its key),
# and a click outside a sheet does nothing. Cells are 1-based, as a terminal reports them.
# args: --state-dir $STATE_DIR --guest

wait 1s
# The activity's name on the tab bar opens the switcher.
click 3 1
expect ┌ Activities
# Row 13 is "2 Studio": the first click selects it and the switcher stays; the second
# chooses it.
click 33 13
expect ┌ Activities
expect Explore · [Home]
click 33 13
expect-not ┌ Activities
expect Studio · [My items]
# Back by clicks alone: the current activity's row starts selected, so Explore (row 12) needs two.
click 3 1
click 33 12
expect ┌ Activities
click 33 12
expect Explore · [Home]

# The sign-out question: outside it, the tab bar and the list behind do nothing.
sign-out
expect ┌ Sign out?
click 49 1
click 3 10
click 17 12
expect ┌ Sign out?
expect Explore · [Home]
# [Esc Cancel] (column 31 of row 14) keeps the session; [⏎ Sign out] (column 17) signs out.
click 31 14
expect-not ┌ Sign out?
expect ● Guest
sign-out
click 28 14
expect Sign in
expect > Continue as guest

# The sign-in screen's rows: a click on "+ New profile" (row 6) selects the field, a second
# creates the name typed there.
click 5 6
expect > + New profile: ▏
type ada
click 5 6
expect ● ada
# Signed out again, ada's row comes first (row 6) and is selected; "Continue as guest" is
# row 8: a first click selects it, a second continues.
sign-out
click 17 14
expect > ada
click 5 8
expect > Continue as guest
click 5 8
expect ● Guest
