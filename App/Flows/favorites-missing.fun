# Favorites and Profile follow one rule: a favorite is a saved id this catalog has. A saved id
# the catalog lacks is not counted as one, but both screens say how many there are, and
# Favorites lists each by its id after the favorites, where `f` removes it as any row. One
# left alone stays saved; the one removed is gone from the file.
# args: --state-dir $STATE_DIR
# before: mkdir -p "$STATE_DIR/profiles/ada" && printf '{"ids":["swiftui","gone-item","old-item"]}' > "$STATE_DIR/profiles/ada/favorites.json"
# after: grep -q old-item "$STATE_DIR/profiles/ada/favorites.json"
# after: ! grep -q gone-item "$STATE_DIR/profiles/ada/favorites.json"

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

wait 1s
tab favorites
expect 1 favorite · 2 not in this catalog
expect > ★ SwiftUI
expect ★ gone-item
expect ★ old-item
tab profile
expect 1 favorite · 2 not in this catalog

# Enter on one says why there is nothing to open, and opens nothing.
tab favorites
select gone-item
key enter
expect gone-item is not in this catalog · f removes it
expect-not Favorites ›

# A link to it finds no item, as before: the catalog has none.
deeplink funapp://item/gone-item
expect No item with id "gone-item"
# Its toast goes after 2.5 s; the next ones show after it.
wait 3s

# `f` removes it as any favorite, with the same toast and undo.
key f
expect Removed gone-item from favorites · u undoes
expect 1 favorite · 1 not in this catalog
expect-not ★ gone-item
key u
expect gone-item is a favorite again
expect > ★ gone-item

# `fav` with its id removes it too, as `fav` does any favorite.
fav gone-item
expect-not ★ gone-item
expect ★ old-item

tab profile
expect 1 favorite · 1 not in this catalog
