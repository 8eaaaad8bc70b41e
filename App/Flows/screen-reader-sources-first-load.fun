# Studio's Sources in screen-reader mode calls the catalog's first load a load, as Home does,
# not a refresh: nothing had loaded before it.
# args: --screen-reader --state-dir $STATE_DIR --profile ada
says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
key a
key 2
key 2
says Sources
says From the catalog built into the app
says Loading catalog…
wait 1s
says Catalog loaded
says From the catalog built into the app. 37 items, loaded 2025-01-01 00:00. No error in the last load
