# Sign-out, part 2 of 2: after signed-out-1.fun signed out, a restart starts signed out, with
# the profile listed and selected.
# state: signed-out
# args: --state-dir $STATE_DIR

expect Sign in
expect-not [Home]
expect > ada
key enter
expect ● ada
