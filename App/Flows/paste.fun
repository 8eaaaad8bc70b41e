# A paste is text, never key bindings: pasted on a list it does nothing, in a field it is the
# query, all at once.
# args: --state-dir $STATE_DIR --guest

wait 1s
paste q2?:
expect [Home]
expect-not Help
expect >   SwiftUI
key /
paste swift ui
expect Search: swift ui
wait 500ms
# Searched as one query of two words, each matched on its own.
expect 3 results
expect >   SwiftUI
