# Favorites and Profile follow one rule: a favorite is a saved id this catalog has. A saved id
# the catalog lacks is not listed or counted, but both screens say so, and it stays saved.
# args: --state-dir $STATE_DIR
# before: mkdir -p "$STATE_DIR/profiles/ada" && printf '{"ids":["swiftui","gone-item"]}' > "$STATE_DIR/profiles/ada/favorites.json"
# after: grep -q gone-item "$STATE_DIR/profiles/ada/favorites.json"

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

wait 1s
tab favorites
expect 1 favorite · 1 not in this catalog
expect ★ SwiftUI
tab profile
expect 1 favorite · 1 not in this catalog
