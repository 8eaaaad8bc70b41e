# Sign-out, part 1 of 2: signing out forgets the profile, so the next start (signed-out-2.fun,
# on the same state directory) shows the sign-in screen again instead of going to the tabs.
# state: signed-out
# args: --state-dir $STATE_DIR
# after: ! grep -q '"ada"' "$STATE_DIR/session.json"

sign-in ada
expect ● ada
sign-out
key enter
expect Sign in
