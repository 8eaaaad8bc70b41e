# Un-favoriting is told wherever it happens, and `u` takes it back on any screen, newest first.
# args: --state-dir $STATE_DIR
# after: grep -q '"swiftui"' "$STATE_DIR/profiles/ada/favorites.json"
# after: grep -q '"actors"' "$STATE_DIR/profiles/ada/favorites.json"

sign-in ada
wait 1s

# Favoriting is quiet: the ★ says it.
select swiftui
fav
select actors
key f
expect > ★ Actors
expect-not u undo

# On Search's results (Enter leaves the field), `f` is a key, not a letter: it removes the
# favorite, and a toast says so and how to take it back.
key /
type swift
wait 1s
key enter
select swiftui
key f
expect Removed SwiftUI from favorites · u undoes
expect-not ★ SwiftUI

# On a detail page too; once the toast is gone the hints offer `u`.
tab home
open actors
key f
expect ☆ Not a favorite
expect Removed Actors from favorites · u undoes
wait 3s
expect u undo

# Each `u` brings back one more, the newest first.
key u
expect ★ In your favorites
expect Actors is a favorite again
key u
expect SwiftUI is a favorite again
wait 3s
expect-not u undo
# Nothing left to undo: `u` is no key and says nothing.
key u
expect-not is a favorite again

tab favorites
expect 2 favorites
expect ★ SwiftUI
expect ★ Actors
