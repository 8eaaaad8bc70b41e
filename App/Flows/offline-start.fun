# A start whose catalog server cannot be reached shows the copy saved in the state folder, with
# "offline — copy from <day>" beside the list's header, instead of an error. The copy is
# planted here for a URL nothing listens on (port 9 refuses the connection): a line naming the
# format, a line about the copy (the URL, when it was saved), then the catalog as the server
# sent it. r asks the server again; it is still unreachable, so the copy stays.
# args: --state-dir $STATE_DIR --catalog http://127.0.0.1:9/catalog.json
# before: { printf 'fun-catalog-cache 1\n{"savedAt":"2025-01-02T03:04:05Z","url":"http://127.0.0.1:9/catalog.json"}\n'; cat "$FIXTURES/catalog.json"; } > "$STATE_DIR/http-catalog.cache"

sign-in ada
expect All items (5)  offline — copy from 2025-01-02
expect Remote Rocket
expect-not ✗

# Everything works on the copy.
open remote-rocket
expect Home › Remote Rocket
back
fav offline-oasis
expect ★ Offline Oasis

# A refresh finds the server still unreachable: the copy stays, still marked.
refresh
expect All items (5)  offline — copy from 2025-01-02
