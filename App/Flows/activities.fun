# Activities: Explore (the five tabs) and Studio (My items, Sources). Switching by the `a` key's
# switcher, by `activity`, and by links keeps each activity's tab, stacks and Search query.
# args: --state-dir $STATE_DIR

sign-in ada
wait 1s
expect Explore · [Home]

# Leave Explore on Search with a query and a detail pushed.
tab search
type swift
wait 1s
key esc
open 1
expect Search › 
key esc
expect Search: swift
open 1
expect Search › 

# a opens the switcher: every activity, the current one marked, with the tab it would show.
key a
expect Activities
expect ✓ 1 Explore — Search
expect   2 Studio — My items
key down
key enter
expect Studio · [My items]  Sources
expect You have no items of your own yet.

# Number keys count within the activity that shows: 2 is Sources there, 3 means nothing.
key 2
expect Studio · My items  [Sources]
expect The catalog
expect From the catalog built into the app
# On the script's clock, which starts on 2025-01-01, so the date is the same on every day.
expect 37 items, loaded 2025-01-01 00:00
key 3
expect [Sources]

# Back by the switcher's number: Explore where it was left, the detail still on Search.
key a
key 1
expect Explore · Home  [Search]
expect Search › 
back
expect Search: swift

# By link, and back by the script command: the same state again.
deeplink funapp://studio/sources
expect Studio · My items  [Sources]
activity explore
expect [Search]
expect Search: swift

# The https form works alike.
deeplink https://fun.example/studio
expect Studio · My items  [Sources]

# A tab link names a tab of any activity, and switches to that tab's activity.
deeplink funapp://tab/favorites
expect Explore · Home  Search  [Favorites]
deeplink funapp://tab/my-items
expect Studio · [My items]  Sources
deeplink funapp://tab/sources
expect Studio · My items  [Sources]

# r reloads the catalog from Sources.
key r
wait 1s
expect Catalog refreshed
expect No error in the last load

# A Studio link needs a profile: a guest is told so, and nothing changes.
activity explore
sign-out
key enter
sign-in --guest
wait 1s
deeplink funapp://studio
expect links into Studio open a profile's own work
expect Explore · [Home]
# The same destination gets the same answer, however the link spells it.
wait 3s
deeplink funapp://tab/sources
expect links into Studio open a profile's own work
expect Explore · [Home]
wait 3s
deeplink https://fun.example/tab/my-items
expect links into Studio open a profile's own work
expect Explore · [Home]
