# Screen-reader restart, part 2 of 2: after screen-reader-restart-1-set.fun, a new start signs
# ada in again and reads what is on screen: while the catalog loads, that it loads (not her own
# item, listed meanwhile, as a list of one); then the list, with her favorite marked, and no
# favorite said to be set: reading the favorites is nobody's change.
# args: --screen-reader --state-dir $STATE_DIR
# state: screen-reader-restart

says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
tab search
says Search, Searching…
wait 1s
says 38 results
says 1 of 38: T, yours
key .
says Search, 38 results, item 1 of 38
says T, yours
tab home
says Home, 38 items, item 1 of 38
says T, yours
key down
says 2 of 38: SwiftUI — Declarative user interfaces for every Apple platform, favorite
