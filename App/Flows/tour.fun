# A tour of Fun: all five tabs, an item's detail and the way back.
#
# Run it: swift run fun --script App/Flows/tour.fun
# (App/Flows/run-flows.sh runs every flow on a fresh state directory.)
# args: --state-dir $STATE_DIR

# Home is the first tab. The catalog loads with simulated latency: script mode runs in
# virtual time, so `wait` advances the clock instantly.
expect [Home]
expect Loading
wait 1s
expect-not Loading
expect Featured
expect All items (37)
# The first row is selected: it starts with ">" (the two spaces after it hold ★ for
# favorites).
expect >   SwiftUI

# Open the selected item: its detail is pushed on Home's stack.
open
expect Home › SwiftUI
expect Category: Frameworks
expect funapp://item/swiftui
# ...and back to the list, selection kept.
back
expect-not Home › SwiftUI
expect >   SwiftUI

# Rows can be opened by number or by id, too.
open 3
expect Home › SwiftData
back
# The current tab's number takes it back to its root, too.
open 3
key 1
expect-not Home › SwiftData
expect [Home]

# Search lists everything while the query is empty.
tab search
expect [Search]
expect Search:
expect Category: ‹ All ›
expect 37 results

# Favorites starts empty.
tab favorites
expect [Favorites]
expect No favorites yet

# Profile: who is using the app and how many favorites they keep.
tab profile
expect [Profile]
expect Favorites: 0

# Settings: every toggle with its value.
tab settings
expect [Settings]
expect Featured carousel         on
expect Appearance                system
expect Simulate network failure  off

# Tabs by number; each tab keeps its own navigation stack.
tab 1
open observation
expect Home › Observation
tab 2
expect-not Observation ›
tab 1
expect Home › Observation
back
expect [Home]
