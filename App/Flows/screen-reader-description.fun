# On an item's page in screen-reader mode `,` reads the description again, which `.` leaves
# out; help lists it there. On a list, with no description to read, `,` is no key.
# args: --screen-reader --state-dir $STATE_DIR --profile ada
says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
key ,
expect-not SwiftUI describes
key enter
says SwiftUI
says Declarative user interfaces for every Apple platform
says Category: Frameworks, Featured
says SwiftUI describes an interface as a function of state: views are lightweight values, and the framework diffs them to update only what changed. Data flows through @State, @Binding, the environment and Observation-based models, so the screen always reflects the model. The same code adapts to iOS, macOS, watchOS, tvOS and visionOS, with previews that render as you type.
says Not a favorite
key .
says SwiftUI
says Category: Frameworks, Featured
says Not a favorite
says Link: funapp://item/swiftui
key ,
says SwiftUI describes an interface as a function of state: views are lightweight values, and the framework diffs them to update only what changed. Data flows through @State, @Binding, the environment and Observation-based models, so the screen always reflects the model. The same code adapts to iOS, macOS, watchOS, tvOS and visionOS, with previews that render as you type.
key ?
expect comma: read the description again
key esc
key ?
expect-not comma: read
