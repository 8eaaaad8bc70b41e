# A state directory of the earlier layout (favorites.json at the top, no profiles) is moved
# into the first profile that signs in, once, with a toast; nothing is lost.
# args: --state-dir $STATE_DIR
# before: printf '{"ids":["swiftui","actors","macros"]}' > "$STATE_DIR/favorites.json"
# after: test ! -e "$STATE_DIR/favorites.json"
# after: grep -q '"macros"' "$STATE_DIR/profiles/ada/favorites.json"
# after: grep -q '"finished" : true' "$STATE_DIR/migration.json"
# after: ! test -e "$STATE_DIR/profiles/bob/favorites.json"

expect Sign in
sign-in ada
expect ℹ Moved 3 favorites of the earlier layout into profile ada
wait 1s
expect ★ SwiftUI
expect ★ Actors
expect ★ Macros

# Once: the next profile starts empty, and no toast says anything (the first one has gone).
wait 3s
expect-not Moved
sign-out
key enter
sign-in bob
expect-not ★
expect-not Moved
