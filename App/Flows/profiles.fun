# Profiles: each keeps its own favorites, items and details, and they never mix. Names ignore case
# (`ADA` signs in to ada), and a name the rule refuses gets a message on the sign-in screen.
# args: --state-dir $STATE_DIR
# after: grep -q '"swiftui"' "$STATE_DIR/profiles/ada/favorites.json"
# after: ! grep -q '"swiftui"' "$STATE_DIR/profiles/bob/favorites.json"
# after: grep -q '"actors"' "$STATE_DIR/profiles/bob/favorites.json"
# after: test "$(ls "$STATE_DIR/profiles")" = "$(printf 'ada\nbob')"

# On the sign-in screen a name may hold only letters, digits, - and _: a space is refused
# with a message, and nobody is signed in.
type Ada Lovelace
key enter
expect is not a valid profile name
expect Sign in

# Ctrl-U or Esc clears the field; then a good name signs in (and creates the profile).
key esc
type ada
key enter
expect ● ada
wait 1s
fav swiftui
expect ★ SwiftUI

# Signing out returns to the sign-in screen, where ada is listed now.
sign-out
key enter
expect Sign in
expect > ada

# bob is a new profile: none of ada's favorites.
sign-in bob
expect ● bob
expect-not ★
fav actors
expect ★ Actors
tab profile
expect bob  @bob
expect 1 favorite

# Back to ada, spelled differently: the same profile, with its own favorites only. After the
# sign-out the list selects the profile just used.
sign-out
key enter
expect > bob
expect   ada
sign-in ADA
expect ● ada
expect ★ SwiftUI
expect-not ★ Actors
tab profile
expect ada  @ada
expect 1 favorite
