# Screen-reader restart, part 1 of 2: ada writes one item of her own and favorites SwiftUI;
# screen-reader-restart-2-start.fun starts again on the same state and hears what it finds.
# args: --screen-reader --state-dir $STATE_DIR
# state: screen-reader-restart

sign-in ada
wait 1s
key f
expect Favorited SwiftUI
activity studio
key n
type q1
key tab
type T
key tab
key tab
key down
key enter
expect Saved T
