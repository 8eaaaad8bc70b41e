# The catalog fetched over http (`--catalog http://…`). run-flows.sh serves
# App/Flows/fixtures/catalog.json from a local python3 http.server as $CATALOG_URL.
# To run it by hand: python3 -m http.server 8000 --bind 127.0.0.1 --directory App/Flows/fixtures
# then swift run fun --script App/Flows/http-catalog.fun --catalog http://127.0.0.1:8000/catalog.json
# args: --state-dir $STATE_DIR --catalog $CATALOG_URL

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

# The fixture's five items, not the bundled catalog's 37.
expect All items (5)
expect-not SwiftUI
expect Featured  ‹ 1/1 ›
expect Remote Rocket
expect Offline Orchard

# Everything works on it as on the bundled catalog.
open remote-rocket
expect Home › Remote Rocket
expect Category: Remote · Featured
expect fixtures/catalog.json
back
fav offline-oasis
expect ★ Offline Oasis

tab search
type orch
wait 400ms
expect 1 result
expect Offline Orchard
key esc
key ]
expect Category: ‹ Offline ›  2/3

# Refresh fetches it again.
tab home
refresh
expect All items (5)
expect-not ✗
