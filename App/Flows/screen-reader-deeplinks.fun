# Deep links in screen-reader mode: one held by `--open` until sign-in, an item, a search, an
# item on another tab, the editor sheet, and links that cannot route, every line checked.
# args: --screen-reader --state-dir $STATE_DIR --open funapp://tab/favorites

says Fun, screen reader mode. F1 reads the keys; the field has them until you leave it.
says Sign in, item 1 of 2
says New profile name field, empty
says A link waits for you to sign in.
# `--open` before anyone signs in: the sign-in screen says a link waits; it routes once signed in.
sign-in ada
says Signed in as ada
says Favorites, Loading catalog…
wait 1s
says Catalog loaded
says no items
# A link to an item reads its page; `f` there says the change.
deeplink funapp://item/observation
says Observation
says Fine-grained change tracking with @Observable
says Category: Frameworks, Featured
says The Observation framework, introduced in Swift 5.9, turns a class into an observable model with the @Observable macro. Unlike ObservableObject, it tracks exactly which properties a view reads, so only views that depend on a changed property are invalidated. Outside SwiftUI, withObservationTracking lets any code react to the next change of the values it touched.
says Not a favorite
key f
says Favorited Observation
# A removal there is said once, by its toast, which offers the undo; so is the undo, as on a list.
key f
says Removed Observation from favorites, u undoes
key u
says Observation is a favorite again
# A search link says where it took you and the results.
deeplink funapp://search?q=macro
says Search, 2 results, item 1 of 2
says SwiftData — Persistence declared with macros
says Search field: macro
# A link to an item on another tab.
deeplink funapp://item/combine?tab=favorites
says Combine
says Values over time with publishers and subscribers
says Category: Frameworks
says Combine models asynchronous events as publishers that emit values, which operators such as map, debounce and combineLatest transform before a subscriber receives them. It shipped in 2019 and still powers ObservableObject and many UIKit bindings. For new code, async sequences and Observation cover most of its use cases with less ceremony.
says Not a favorite
back
says Observation
says Fine-grained change tracking with @Observable
says Category: Frameworks, Featured
says The Observation framework, introduced in Swift 5.9, turns a class into an observable model with the @Observable macro. Unlike ObservableObject, it tracks exactly which properties a view reads, so only views that depend on a changed property are invalidated. Outside SwiftUI, withObservationTracking lets any code react to the next change of the values it touched.
says In your favorites
# The profile editor by link is a sheet like any other.
deeplink funapp://profile/edit
says Dialog: Edit profile
says Display name field: ada
says Enter: confirm
says Escape: cancel
says Shift-Tab, Tab: previous or next field
key esc
says Profile, ada
says No bio yet.
says 1 favorite
says Sign out
# A link Fun cannot route says why, in an error toast, and nothing moves (one it cannot parse,
# typed on the `:` line: as a script's own line it fails, as any bad command does).
key :
type deeplink funapp://nowhere
key enter
says Error: Cannot open funapp://nowhere: unknown destination "nowhere": expected one of tab, item, search, profile, settings, explore, studio
deeplink funapp://item/nope
# An error waits for the one showing to have its 2.5 s, then is said.
wait 2500ms
says Error: No item with id "nope"

# A newer error ends the one showing for good: after the `:` line's answer, the link's error,
# already seen, does not come back as news.
wait 2500ms
deeplink funapp://item/nope
says Error: No item with id "nope"
key :
says Command line, empty
says Enter runs the line, Escape closes it
type tab nowhere
says Command line: tab nowhere
key enter
says Error: Unknown tab 'nowhere': expected one of home, search, favorites, profile, settings, my-items, sources, 1-5
wait 3s
expect-not No item with id
