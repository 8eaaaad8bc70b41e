# The second start on offline-1-save.fun's state folder shows the saved copy at once and asks
# the server whether it is still current (If-Modified-Since: python's http.server sends no
# ETag); the server answers 304 Not Modified, so nothing is downloaded or decoded again, as the
# log says.
# state: offline
# args: --state-dir $STATE_DIR --catalog $CATALOG_URL
# after: grep -q 'is unchanged (304)' "$STATE_DIR/fun.log"

# Signed in still, from offline-1-save.fun.
expect All items (5)
expect Remote Rocket
expect-not offline
