# Favorites in screen-reader mode with a saved favorite this catalog lacks: the reader says the
# summary the screen shows over the list (1 favorite, 1 not in this catalog), the row as the
# screen draws it (its id, not in this catalog, a favorite), Enter's explanation, and `f`
# removing it with the usual toast and undo.
# args: --screen-reader --state-dir $STATE_DIR --profile ada
# before: mkdir -p "$STATE_DIR/profiles/ada" && printf '{"ids":["swiftui","gone-item"]}' > "$STATE_DIR/profiles/ada/favorites.json"
# after: grep -q swiftui "$STATE_DIR/profiles/ada/favorites.json"
# after: ! grep -q gone-item "$STATE_DIR/profiles/ada/favorites.json"

wait 1s
tab favorites
says Favorites, 1 favorite, 1 not in this catalog, item 1 of 2
says SwiftUI — Declarative user interfaces for every Apple platform, favorite
key down
says 2 of 2: gone-item — not in this catalog, favorite
key enter
says gone-item is not in this catalog, f removes it
wait 3s
key f
expect Removed gone-item
expect 1 of 1: SwiftUI
key u
expect gone-item is a favorite again
expect 2 of 2: gone-item — not in this catalog, favorite
wait 3s
key f
tab profile
says Profile, ada
says No bio yet.
says 1 favorite
says Sign out
