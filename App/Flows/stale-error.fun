# One source of truth: a catalog that recovers anywhere clears the error everywhere. The app
# starts with "Simulate network failure" on, so the first load fails and Search shows the
# error; after the failure is turned off and Home refreshes, Search shows the items with
# nothing done on Search.
# args: --state-dir $STATE_DIR
# before: printf '{"appearance":"system","showsFeaturedCarousel":true,"simulatesNetworkFailure":true}' > "$STATE_DIR/settings.json"

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

wait 1s
tab search
expect Network failure
toggle network-failure
tab home
refresh
# Long enough for the failure's own toast to have gone: what is left is the screen's state.
wait 5s
tab search
expect-not Network failure
expect SwiftUI
