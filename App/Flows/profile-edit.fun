# funapp://profile/edit opens the profile's editor in a sheet; a guest has no profile to edit
# and gets a toast saying to sign in to a profile first, with nothing else changed.
# args: --state-dir $STATE_DIR

sign-in ada
wait 1s
deeplink funapp://profile/edit
expect [Profile]
expect ┌ Edit profile
key esc
expect-not Edit profile

sign-out
key enter
expect Sign in

# Held while signed out, then opened in a guest session: the toast, no sheet.
deeplink funapp://profile/edit
expect A link waits for you to sign in.
sign-in --guest
wait 1s
expect ✗ Sign in to a profile first: a guest has no profile to edit
expect [Home]
expect-not Edit profile
