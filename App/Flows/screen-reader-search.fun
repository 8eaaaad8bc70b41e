# A search, a favorite and the help in screen-reader mode, every line checked by `says`.
# args: --screen-reader --state-dir $STATE_DIR

says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Sign in, item 1 of 2
says New profile name field, empty
sign-in ada
says Signed in as ada
says Home, Loading catalog…
wait 1s
says Catalog loaded
says Items: 37
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
# `/` goes to Search and its field; typing is echoed, the count is said once the search settles.
key /
says Search, 37 results, item 1 of 37
says Search field, empty
type conc
says Search field: conc
wait 1s
says Results: 1
key backspace
says Search field: con
wait 1s
says Results: 2
type c
says c
wait 1s
says Results: 1
# Enter leaves the field for the results.
key enter
says 1 of 1: Swift Concurrency — async/await, tasks and structured concurrency
# `f` favorites the selected row: one line naming it.
key f
says Favorited Swift Concurrency
key f
says Removed Swift Concurrency from favorites
key f
says Favorited Swift Concurrency
# Favorites lists it, and says it is a favorite.
tab favorites
says Favorites, 1 item, item 1 of 1
says Swift Concurrency — async/await, tasks and structured concurrency, favorite
# Removing it says the count and the toast; `u` brings it back.
key x
says Items: 0
says Removed Swift Concurrency · u undoes
key u
says Items: 1
says 1 of 1: Swift Concurrency — async/await, tasks and structured concurrency, favorite
# `?` reads the screen's keys from the table the full-screen help draws.
key ?
says Help: Favorites
says The list
says ↑ ↓ k j: move
says PgUp PgDn: a page up / down
says Home End: to the first / the last
says Enter: open
says x f Delete: remove
says u: undo the last removal
says r: refresh
says Everywhere
says 1–5 Tab Shift-Tab: switch tab
says a: switch activity
says slash: search
says question mark F1: this help
says period: say where you are
says colon: command line
says q Ctrl-C: quit
says Ctrl-Z: suspend (fg resumes)
says Esc Backspace: back

