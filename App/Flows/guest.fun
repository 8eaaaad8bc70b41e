# A guest session: the same screens as a profile's, but nothing is saved and nothing is
# remembered. (`fun --guest` starts one without the sign-in screen.)
# args: --state-dir $STATE_DIR
# after: test ! -e "$STATE_DIR/profiles"
# after: test -z "$(find "$STATE_DIR" -name 'favorites.json' -o -name 'profile.json')"
# after: ! grep -q '"profile"' "$STATE_DIR/session.json" 2>/dev/null
# after: test ! -e "$STATE_DIR/settings.json"

# "Continue as guest" is the last row of the sign-in screen.
expect Continue as guest
key down
key enter
expect ● Guest
wait 1s

# Everything works as for a profile.
fav swiftui
expect ★ SwiftUI
tab favorites
expect 1 favorite
tab profile
expect Guest  guest
expect A guest session: nothing is saved.
expect 1 favorite

# A setting changes for the session too; it is not saved (checked by the `after:` lines above).
toggle carousel
tab settings
expect Featured carousel         off

# Signing out leaves nothing behind (checked by the `after:` lines above).
sign-out
key enter
expect Sign in
expect-not > Guest
