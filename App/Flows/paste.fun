# A paste is text, never key bindings: in a field it is the query, all at once, and keys it
# holds (q quits, ? helps, : opens the command line) are only characters. On a list a terminal's
# paste has nowhere to go and is dropped (RootViewTests, InteractiveSessionTests); a script's
# `paste` there fails, as `type` does.
# args: --state-dir $STATE_DIR --guest

wait 1s
key /
paste q2?:
expect Search: q2?:
expect [Search]
expect-not Help
key ctrl-u
paste swift ui
expect Search: swift ui
wait 500ms
# Searched as one query of two words, each matched on its own.
expect 3 results
expect >   SwiftUI
