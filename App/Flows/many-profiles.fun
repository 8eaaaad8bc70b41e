# With many profiles the sign-in screen keeps "New profile" and "Continue as guest" on screen:
# the profiles above them scroll, with a scroll bar and where the selection is (4/30).
# args: --state-dir $STATE_DIR
# before: for i in $(seq -w 1 30); do mkdir -p "$STATE_DIR/profiles/user$i"; done

expect Sign in
expect > user01
expect 1/30
expect + New profile:
expect Continue as guest

# A page down moves a page of profiles; the two rows below stay where they are.
key pgdn
expect-not > user01
expect + New profile:
expect Continue as guest

# End goes to the last row, the guest's; ↑ twice is the last profile.
key end
expect > Continue as guest
key up
key up
expect > user30
expect 30/30

# Signing in and out again selects the profile just used, not the first one.
key enter
expect ● user30
sign-out
key enter
expect Sign in
expect > user30
