# A search, a favorite and the help in screen-reader mode, every line checked by `says`.
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
# `/` goes to Search and its field; typing is echoed, the count is said once the search settles.
key /
says Search, 37 results, item 1 of 37
says Search field, empty
type conc
says Search field: conc
wait 1s
says 1 result
key backspace
says Search field: con
wait 1s
says 2 results
type c
says c
wait 1s
says 1 result
# Enter leaves the field for the results, and says so with how many there are.
key enter
says Search field left, 1 result
says 1 of 1: Swift Concurrency — async/await, tasks and structured concurrency
# `f` favorites the selected row: one line naming it.
key f
says Favorited Swift Concurrency
key f
says Removed Swift Concurrency from favorites, u undoes
key f
says Favorited Swift Concurrency
# The removal's toast goes: the same toast again, while it shows, is not said twice.
wait 3s
# Favorites lists it, and says it is a favorite.
tab favorites
says Favorites, 1 favorite, item 1 of 1
says Swift Concurrency — async/await, tasks and structured concurrency, favorite
# Removing it says the count and the toast; `u` brings it back and says so (and, with nothing
# left to undo, help below no longer lists it).
key x
says no items
says Removed Swift Concurrency from favorites, u undoes
key u
says 1 of 1: Swift Concurrency — async/await, tasks and structured concurrency, favorite
says Swift Concurrency is a favorite again
# `?` reads the screen's keys from the table the full-screen help draws.
key ?
says Help: Favorites
says The list
says Up and Down arrows, k, j: move
says Page Up, Page Down: a page up or down
says Home, End: to the start or the end
says Enter: open
says x, f, Delete: remove
says r: refresh
says Everywhere
says 1 to 5, Tab, Shift-Tab: switch tab
says a: switch activity
says slash: search
says question mark, F1: this help
says period: say where you are
says colon: command line
says q, Control C: quit
says Control Z: suspend (fg resumes)
# `/` goes back to the search field; Esc leaves it and says so, with the results it leaves.
key /
says Search, 1 result, item 1 of 1
says Search field: conc
key ctrl-u
says Search field, empty
type swift
says Search field: swift
# A space is said as it is typed, and again where the field is read whole: a synthesiser would
# drop it at the end.
key space
says space
wait 1s
says 14 results
# ↑/↓ move in the results while the field keeps the focus, and `fav` favorites the row they
# reach: each is said as it is out of the field; what typing lists anew was said by its count.
key down
says 2 of 14: SwiftData — Persistence declared with macros
fav
says Favorited SwiftData
fav
says Removed SwiftData from favorites, u undoes
key up
says 1 of 14: SwiftUI — Declarative user interfaces for every Apple platform
type x
says x
wait 1s
says 2 results
key backspace
says Search field: swift, space
wait 1s
says 14 results
key down
says 2 of 14: SwiftData — Persistence declared with macros
key up
says 1 of 14: SwiftUI — Declarative user interfaces for every Apple platform
key esc
says Search field left, 14 results
says 1 of 14: SwiftUI — Declarative user interfaces for every Apple platform
key .
says Search, 14 results, item 1 of 14
says SwiftUI — Declarative user interfaces for every Apple platform
says Search field: swift, space
# One character is too few to search: the reader says what the status line shows, and where
# the field is left, the same words.
key /
says Search field: swift, space
key ctrl-u
says Search field, empty
type s
says Search field: s
wait 1s
says Type at least 2 characters
key esc
says Search field left, Type at least 2 characters
key .
says Search, Type at least 2 characters
says Search field: s
expect Type at least 2 characters
