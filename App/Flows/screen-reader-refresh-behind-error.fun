# A refresh that fails while another error's toast shows is said once in screen-reader mode: its
# toast waits its turn behind the error showing and says the failure as it shows; the refresh's
# end does not say it before.
# args: --screen-reader --state-dir $STATE_DIR --profile ada
says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
toggle network-failure
key :
says Command line, empty
says Enter runs the line, Escape closes it
type tab nowhere
says Command line: tab nowhere
key enter
says Error: Unknown tab 'nowhere': expected one of home, search, favorites, profile, settings, my-items, sources, 1-5
key r
says Refreshing the catalog
# The refresh has failed; its toast waits behind the command's error, and so does its line.
wait 1s
expect-not Network failure
wait 3s
says Error: Network failure (simulated; turn it off in Settings)
