# The http catalog is saved in the state folder (http-catalog.cache) after it loads, to start
# from next time and to stand in when its server cannot be reached. offline-2-revalidate.fun
# starts again on the same state folder.
# state: offline
# args: --state-dir $STATE_DIR --catalog $CATALOG_URL
# after: head -n 1 "$STATE_DIR/http-catalog.cache" | grep -qx 'fun-catalog-cache 1'
# after: grep -q '"id": "remote-rocket"' "$STATE_DIR/http-catalog.cache"

sign-in ada
expect All items (5)
expect Remote Rocket
expect-not offline
