# A tour of Fun: signing in, all five tabs, an item's detail and the way back.
#
# Run it: swift run fun --script App/Flows/tour.fun --state-dir $(mktemp -d)
# (App/Flows/run-flows.sh runs every flow on a fresh state directory.)
# args: --state-dir $STATE_DIR

# A fresh state directory starts on the sign-in screen: no profiles yet, a field to create
# one, and "Continue as guest". Typing a name and Enter creates the profile and signs in, as
# `sign-in ada` does in one line.
expect Sign in
expect-not [Home]
expect > + New profile:
type ada
key enter

# Home is the first tab; the signed-in profile shows at the end of the title line. The catalog loads with simulated latency: script mode runs in
# virtual time, so `wait` advances the clock instantly.
expect [Home]
expect ● ada
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

# Profile: who is using the app and how many favorites they keep. The created date is saved
# in the profile's folder, so it is the real one, even in script mode's virtual time.
tab profile
expect [Profile]
expect ada  @ada
expect Created 20
expect-not Created 2025-01-01
expect 0 favorites

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

# Signing out asks first, in a sheet over the screen (Esc would keep the session); Enter
# ends the session and shows the sign-in screen again, the profile listed.
sign-out
expect ┌ Sign out?
expect ⏎ sign out  Esc cancel
key enter
expect Sign in
expect > ada
