# Home's featured carousel in screen-reader mode: ↑ from the list's first row moves the focus to
# the cards, ←/→ go card to card (across pages), `f` favorites the focused card, `.` names it,
# ↓ goes back to the list, and ←/→ from the list turn the carousel's page.
#
# Run it: swift run fun --screen-reader --profile ada --script App/Flows/screen-reader-carousel.fun --state-dir $(mktemp -d)
# args: --screen-reader --profile ada --state-dir $STATE_DIR

says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
key up
says Featured, card 1 of 9: SwiftUI — Declarative user interfaces for every Apple platform
key right
says card 2 of 9: Observation — Fine-grained change tracking with @Observable
key f
says Favorited Observation
key .
says Home, 37 items, featured card 2 of 9
says Observation — Fine-grained change tracking with @Observable, favorite
key down
says All items, 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
key right
says Featured, page 2 of 3: Data-Race Safety, Macros, Swift Package Manager
