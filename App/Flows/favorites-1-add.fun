# Favorites, part 1 of 2: sign in and add favorites; favorites-2-check.fun, run next on the
# same state directory, starts signed in (the profile is remembered) and finds them there.
# Each profile's favorites live in profiles/<name>/favorites.json in the state directory.
# state: favorites
# args: --state-dir $STATE_DIR
# after: grep -q '"swiftui"' "$STATE_DIR/profiles/ada/favorites.json"
# after: grep -q '"ada"' "$STATE_DIR/session.json"

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

wait 1s
expect-not ★

# `fav` toggles the selected row's item: a favorite shows ★ beside its title.
select swiftui
fav
expect > ★ SwiftUI

# `f` on a list does the same for the selected row.
select actors
key f
expect > ★ Actors

# On a detail screen, `fav` toggles the item shown.
open macros
expect Home › Macros
expect ☆ Not a favorite
fav
expect ★ In your favorites
back
expect ★ Macros

# `fav ID` names the item, wherever you are; a second toggle removes it again.
tab settings
fav combine
tab home
expect ★ Combine
fav combine
expect-not ★ Combine

# Favorites lists them, live.
tab favorites
expect 3 favorites
expect ★ SwiftUI
expect ★ Actors
expect ★ Macros

# Profile counts them, live.
tab profile
expect 3 favorites
