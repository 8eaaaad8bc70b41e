# The appearance setting steps system → light → dark → system. Script frames are plain text,
# so the setting's value is what a flow can see.
# args: --state-dir $STATE_DIR
# after: grep -q '"appearance" : "dark"' "$STATE_DIR/settings.json"

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

tab settings
expect Appearance                system
toggle appearance
expect Appearance                light
toggle appearance
expect Appearance                dark

# Space on the selected row does the same; a full turn comes back to system.
key down
expect > Appearance                dark
key space
expect Appearance                system
key space
key space
expect Appearance                dark

# The other settings are untouched.
expect Featured carousel         on
expect Simulate network failure  off
