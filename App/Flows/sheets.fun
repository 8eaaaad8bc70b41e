# Sheets: a coordinator presents one over the screen, and it takes the keys until it closes.
# Enter confirms, Esc cancels, Tab moves between fields; the screen under it does not change.
# While a sheet is up, only key, type, paste, click, wheel, show, expect, expect-not, wait, help
# and quit run.
# args: --state-dir $STATE_DIR
# after: grep -q '"displayName" : "Ada Lovelace"' "$STATE_DIR/profiles/ada/profile.json"
# after: grep -q '"bio" : "Notes on an engine."' "$STATE_DIR/profiles/ada/profile.json"
# after: ! test -e "$STATE_DIR/profiles/bob"

sign-in ada

# Profile: `e` edits the display name and bio in a sheet, saved for this profile.
tab profile
expect ada  @ada
key e
expect ┌ Edit profile
expect Display name
# The display name starts as the profile's name; emptied, it is refused, in the sheet.
expect ada▏
key backspace
key backspace
key backspace
key enter
expect The display name cannot be empty
type Ada Lovelace
key tab
type Notes on an engine.
key enter
expect-not Edit profile
expect Ada Lovelace  @ada
expect Notes on an engine.

# Settings: `x` asks before resetting; Esc keeps every setting, Enter resets them.
tab settings
toggle carousel
expect Featured carousel         off
key x
expect ┌ Reset all settings?
key esc
expect Featured carousel         off
key x
key enter
expect Featured carousel         on
expect ℹ Settings reset to defaults

# The sign-in screen: Delete on a profile asks before deleting it (after the toasts above go);
# `d` there would start typing a name.
wait 3s
sign-out
key enter
sign-in bob
sign-out
key enter
# The profile just used is selected.
expect > bob
key delete
expect ┌ Delete profile bob?
key enter
expect ℹ Deleted profile bob
wait 3s
expect-not bob
expect > ada
