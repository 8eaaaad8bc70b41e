# Every way to another tab leaves Search's field, so coming back `j` moves down instead of
# typing; and asking for the tab already selected, by its number or by `tab`, goes back to its
# first screen, as tapping a selected tab does.
# args: --state-dir $STATE_DIR

sign-in ada
tab search
wait 1s
key /
type sw
wait 1s
expect Search: sw▏

# A link arrives while the field has the focus.
deeplink funapp://tab/home
key 2
key j
expect-not Search: swj
expect Search: sw
expect-not Search: sw▏

# The script's `tab` and `activity` leave it too.
key /
tab home
tab search
key j
expect-not Search: swj
key /
activity studio
activity explore
key j
expect-not Search: swj

# On Home's detail, `tab home` goes back to Home's first screen, as `1` does.
tab home
open 2
expect Home ›
tab home
expect-not Home ›
open 2
expect Home ›
deeplink funapp://tab/home
expect-not Home ›
