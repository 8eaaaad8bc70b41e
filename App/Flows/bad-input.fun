# Keys that mean nothing where they are pressed change nothing, and odd input is shown
# safely. Commands that fail on purpose (unknown commands, `key F5`) make a script exit 1, so
# they are tested in App/Tests/FunAppTests/Script instead; every line here succeeds.
# args: --state-dir $STATE_DIR

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

wait 1s
expect >   SwiftUI

# Unbound keys on Home: nothing moves, no tab changes.
key z
key 0
key 9
key +
expect [Home]
expect >   SwiftUI
expect-not ✗

# Esc and Backspace with nothing to go back from stay on the root.
key esc
key backspace
expect [Home]
expect-not Home ›

# Up at the first row goes to the carousel's cards; up there stays, down comes back to the row.
key up
key up
expect >SwiftUI
key down
expect >   SwiftUI

# ? shows the help overlay; a key that does not scroll it closes it without acting.
key ?
expect Help: Home
key 3
expect [Home]
expect-not Help: Home

# A query of symbols and non-ASCII text is searched like any other: it matches nothing.
tab search
type ¿qué? <b>&amp;</b> 🚀
wait 400ms
expect Search: ¿qué? <b>&amp;</b> 🚀
expect No results

# A very long query scrolls in the field instead of breaking the frame.
key esc
type  and a query far longer than the field is wide, still going, and going, and going
wait 400ms
expect and going
expect No results
expect [Search]

# Arrow keys on Settings past either end stay on the list.
tab settings
key up
key up
expect > Featured carousel         on
key down
key down
key down
key down
key down
expect > Screen reader mode        off
