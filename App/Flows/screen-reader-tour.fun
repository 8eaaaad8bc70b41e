# The tour in screen-reader mode: signing in, every tab of Explore, an item and the way back, a
# setting, `.`, and the activity switcher, with every line the reader says checked by `says`
# (a command whose lines a `says` checks must have all of them checked, in order).
#
# Run it: swift run fun --screen-reader --script App/Flows/screen-reader-tour.fun --state-dir $(mktemp -d)
# args: --screen-reader --state-dir $STATE_DIR

# On start: the welcome, where you are, and the focused element.
says Fun, screen reader mode. F1 reads the keys; the field has them until you leave it.
says Sign in, item 1 of 2
says New profile name field, empty
# Typing a name and Enter creates the profile and signs in; the field echoes what is typed.
type ada
says New profile name field: ada
key enter
says Signed in as ada
says Home, Loading catalog…
# The catalog loads in virtual time: `wait` lets it finish.
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
# Moving the selection reads the row with its place.
key down
says 2 of 37: Observation — Fine-grained change tracking with @Observable
key j
says 3 of 37: SwiftData — Persistence declared with macros
# Opening an item reads its page; going back says where you are again.
open
says SwiftData
says Persistence declared with macros
says Category: Frameworks
says SwiftData persists a model graph described in plain Swift: mark a class with @Model and its stored properties become the schema. A ModelContainer owns the store, a ModelContext tracks inserts and edits, and the @Query property wrapper keeps SwiftUI views in sync with fetched results. It builds on Core Data's proven storage engine without its separate model editor.
says Not a favorite
back
says Home, 37 items, item 3 of 37
says SwiftData — Persistence declared with macros
# Each tab says where you are and what has the focus.
tab search
says Search, 37 results, item 1 of 37
says SwiftUI — Declarative user interfaces for every Apple platform
tab favorites
says Favorites, no items
tab profile
says Profile, ada
says No bio yet.
says 0 favorites
says Sign out
tab settings
says Settings, item 1 of 4
says Featured carousel: on
# A setting changed in place says its new value.
key down
says 2 of 4: Appearance: system
key space
says Appearance: light
# The screen-reader setting says when it applies: off, the reader goes on whenever Fun starts with
# --screen-reader, as this run did.
key down
says 3 of 4: Simulate network failure: off
key down
says 4 of 4: Screen reader mode: off, but on whenever started with --screen-reader
key space
says Screen reader mode: on
key space
says Screen reader mode: off, but on whenever started with --screen-reader
key 1
says Home, 37 items, item 3 of 37
says SwiftData — Persistence declared with macros
# `.` repeats where you are.
key .
says Home, 37 items, item 3 of 37
says SwiftData — Persistence declared with macros
# The activity switcher is a sheet: its question, the focused row and its choices.
key a
says Dialog: Activities, item 1 of 2
says Explore, current
says Enter: open the selected activity
says Up and Down arrows, k, j: move
says 1, 2: choose that activity
says Escape: cancel
key down
says 2 of 2: Studio
key enter
says Activity: Studio
says My items, no items
says Press n to write one: it shows in Explore beside the catalog's, marked as yours.
# Sources says what its screen shows: where the catalog comes from, when it loaded, on the
# script's clock (2025-01-01 on every day), and that the load had no error.
key 2
says Sources
says From the catalog built into the app
says 37 items, loaded 2025-01-01 00:00
says No error in the last load

