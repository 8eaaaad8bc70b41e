# A refresh in screen-reader mode says how it went, from the catalog's state: a failure says its
# error every time, never that the catalog refreshed, the same failure again while its toast
# still shows too; once the network is back, that it refreshed.
# args: --screen-reader --state-dir $STATE_DIR --profile ada
says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
toggle network-failure
key r
says Refreshing the catalog
wait 1s
says Error: Network failure (simulated; turn it off in Settings)
# Its toast still shows: the same failure brings none, and is said all the same.
key r
says Refreshing the catalog
wait 1s
says Error: Network failure (simulated; turn it off in Settings)
wait 3s
# A refresh that fails as the wait goes on is still said, whatever shows when it ends.
key r
says Refreshing the catalog
wait 5s
says Error: Network failure (simulated; turn it off in Settings)
toggle network-failure
key r
says Refreshing the catalog
wait 1s
says Catalog refreshed
