# Studio's Sources in screen-reader mode says how a refresh ended, as a list tab does: a failure
# each time, the same one again while its toast still shows too, although none of the lines the
# tab shows changed and no new toast came.
# args: --screen-reader --state-dir $STATE_DIR --profile ada
says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
key a
key 2
key 2
says Sources
says From the catalog built into the app
says 37 items, loaded 2025-01-01 00:00
says No error in the last load
toggle network-failure
key r
says Refreshing the catalog
# The first failure changes the tab's lines, and its toast says it.
wait 1s
says From the catalog built into the app. 37 items, loaded 2025-01-01 00:00. Last error: Network failure (simulated; turn it off in Settings)
says Error: Network failure (simulated; turn it off in Settings)
# Its toast still shows and the lines are the same: the refresh's end says it all the same.
key r
says Refreshing the catalog
wait 1s
says Error: Network failure (simulated; turn it off in Settings)
