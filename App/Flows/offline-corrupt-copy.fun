# A saved http catalog that is no cache file never stops the app: like any corrupt state file
# it is moved aside as http-catalog.cache.corrupt-<timestamp> (the real time: a name on disk
# never takes the script's virtual day), an error toast says so, and the catalog loads from its
# server and is saved anew.
# args: --state-dir $STATE_DIR --catalog $CATALOG_URL
# before: printf 'not a saved catalog' > "$STATE_DIR/http-catalog.cache"
# after: ls "$STATE_DIR" | grep -q '^http-catalog\.cache\.corrupt-'
# after: head -n 1 "$STATE_DIR/http-catalog.cache" | grep -qx 'fun-catalog-cache 1'

sign-in ada
expect ✗ http-catalog.cache was corrupt; moved to
expect http-catalog.cache.corrupt-
expect All items (5)
expect Remote Rocket
expect-not offline
