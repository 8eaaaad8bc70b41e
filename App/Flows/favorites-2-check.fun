# Favorites, part 2 of 2: run after favorites-1-add.fun on the same state directory, it sees
# the favorites added there. No sign-in: the profile signed in last is remembered, so a
# restart goes straight to the tabs, signed in as ada.
# state: favorites
# args: --state-dir $STATE_DIR

expect [Home]
expect ● ada

wait 1s
expect ★ SwiftUI
expect ★ Actors
expect ★ Macros
expect-not ★ Combine

tab favorites
expect 3 favorites
expect > ★ SwiftUI

# Removing one with `x` on Favorites takes it off the list at once; a toast says `u` undoes it.
key x
expect 2 favorites
expect-not ★ SwiftUI
expect Removed SwiftUI from favorites · u undoes
# Undone and removed again: what the next run finds is what shows now. The undo's own toast
# takes the place of the one that offered it.
key u
expect 3 favorites
expect > ★ SwiftUI
expect SwiftUI is a favorite again
expect-not u undoes
key x
expect 2 favorites

tab profile
expect 2 favorites

# Back on Home, SwiftUI is no longer starred.
tab home
expect-not ★ SwiftUI
expect ★ Actors
