# Deep links: every accepted form, on both funapp:// and https://fun.example/, and
# links that cannot be routed, which show an error toast and change nothing.
# args: --state-dir $STATE_DIR

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

# A link that arrives before the catalog has loaded waits for the load, then routes.
expect Loading
deeplink funapp://item/actors
expect-not Home › Actors
wait 1s
expect Home › Actors
back

# funapp://tab/<name> switches tabs.
deeplink funapp://tab/search
expect [Search]
deeplink funapp://tab/favorites
expect [Favorites]
deeplink funapp://tab/profile
expect [Profile]
deeplink funapp://tab/settings
expect [Settings]
deeplink funapp://tab/home
expect [Home]

# funapp://settings and funapp://profile are shortcuts for those tabs.
deeplink funapp://settings
expect [Settings]
deeplink funapp://profile
expect [Profile]

# funapp://item/<id> pushes the item's detail on the current tab...
deeplink funapp://item/macros
expect [Profile]
expect Profile › Macros
back
# ...and ?tab=<name> picks the tab.
deeplink funapp://item/combine?tab=favorites
expect [Favorites]
expect Favorites › Combine
back

# funapp://search?q=<text> shows Search with that query's results.
deeplink funapp://search?q=actor
expect [Search]
expect Search: actor
expect Actors
expect 1 result

# The same paths on https://fun.example/.
deeplink https://fun.example/tab/home
expect [Home]
deeplink https://fun.example/settings
expect [Settings]
deeplink https://fun.example/profile
expect [Profile]
deeplink https://fun.example/item/swiftui?tab=home
expect Home › SwiftUI
back
deeplink https://fun.example/search?q=swift%20testing
expect Search: swift testing
expect Swift Testing

# Links that cannot be routed: an error toast on the bottom line, and nothing else changes. An
# item the catalog lacks is known only as the link routes; a link Fun cannot parse is a failed
# script line (App/Tests: FunApplicationTests), so those go through the `:` line, as a person
# types them, where a failure is a toast.
tab profile
expect 0 favorites
deeplink funapp://item/no-such-item
expect ✗ No item with id "no-such-item"
expect [Profile]
expect-not › No
wait 3s
key :
type deeplink funapp://tab/inbox
key enter
expect ✗ Cannot open funapp://tab/inbox: unknown tab "inbox"
expect [Profile]
wait 3s
key :
type deeplink funapp://item/swiftui?tab=inbox
key enter
expect ✗ Cannot open funapp://item/swiftui?tab=inbox: unknown tab "inbox"
expect-not SwiftUI
wait 3s
key :
type deeplink https://evil.example/tab/home
key enter
expect ✗ Cannot open https://evil.example/tab/home: unknown host "evil.example"
expect [Profile]
wait 3s
key :
type deeplink funapp://nowhere
key enter
expect ✗ Cannot open funapp://nowhere: unknown destination "nowhere"
wait 3s
key :
type deeplink mailto:someone@fun.example
key enter
expect ✗ Cannot open mailto:someone@fun.example
wait 3s
key :
type deeplink not a link
key enter
expect ✗ Cannot open not a link: not a URL
expect [Profile]
expect 0 favorites

# The toast goes after 2.5 s; the app is where it was.
wait 3s
expect-not ✗
expect [Profile]
