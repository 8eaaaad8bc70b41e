# Search runs 400 ms after the last keystroke, and only for 0 or at least 2 characters.
#
# Virtual time makes the debounce exact: 399 ms after the last key nothing has run yet,
# 1 ms later the search has.
# args: --state-dir $STATE_DIR

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

tab search
wait 1s
expect 37 results

# One character never searches: while the debounce waits the old results are marked as
# updating; then the list empties and says why, so no results show under a query they do not
# belong to.
type x
expect Search: x
expect 37 results · updating…
wait 1s
expect Type at least 2 characters
expect-not SwiftUI

# A second character starts the 400 ms debounce for "xq", which matches nothing.
type q
expect Search: xq
wait 399ms
# Not yet.
expect-not No results
wait 1ms
# Now it has run.
expect No results
expect-not SwiftUI

# Every keystroke restarts the debounce: clear the field and type a real query.
key backspace
key backspace
type conc
wait 300ms
expect-not 1 result
type u
wait 300ms
# 600 ms since the first key, 300 ms since the last: still nothing.
expect No results
wait 100ms
expect Swift Concurrency
expect Search: concu
expect 1 result

# Esc leaves the field; the query and results stay.
key esc
expect Search: concu
expect >   Swift Concurrency
