# A corrupt state file never stops the app: settings.json is moved aside as
# settings.json.corrupt-<timestamp>, an error toast says so, and the app starts from the
# defaults and saves a good file at the next change.
# args: --state-dir $STATE_DIR
# before: printf '{oops' > "$STATE_DIR/settings.json"
# after: ls "$STATE_DIR" | grep -q '^settings\.json\.corrupt-'
# after: grep -q '"showsFeaturedCarousel" : false' "$STATE_DIR/settings.json"

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

# The error toast, on the bottom line from the first frame.
expect ✗ settings.json was corrupt; moved to settings.json.corrupt-

# The defaults.
tab settings
expect Featured carousel         on
expect Appearance                system
expect Simulate network failure  off

# Everything else works.
tab home
wait 1s
expect Featured
open swiftui
fav
expect ★ In your favorites
back

# A change is saved to a fresh settings.json (checked by the `after:` lines above).
toggle carousel
expect-not Featured
wait 3s
expect-not ✗
