# The carousel's cards take the focus: ↑ from the list's first row, ←/→ from card to card
# (turning the page past the last), Enter opens the focused card, ↓ goes back to the list.
# args: --state-dir $STATE_DIR --guest

wait 1s
key up
expect >SwiftUI
expect ←→ card
key right
key right
expect >Swift Concurrency
key right
expect ‹ 2/3 ›
expect >Data-Race Safety
key enter
expect Home › Data-Race Safety
back
expect >Data-Race Safety
key down
expect >   SwiftUI
expect-not >Data-Race Safety
