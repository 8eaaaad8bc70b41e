# At the 40x12 minimum, too, many profiles leave "New profile" and "Continue as guest" on
# screen, and the position says where the selection is.
# args: --state-dir $STATE_DIR --size 40x12
# before: for i in $(seq -w 1 30); do mkdir -p "$STATE_DIR/profiles/user$i"; done

expect > user01
expect 1/30
expect + New profile:
expect Continue as guest (nothing is saved)
key pgdn
expect 4/30
expect + New profile:
key end
expect > Continue as guest
# Typing a new name there works as with one profile.
key up
type zoe
key enter
expect ● zoe
