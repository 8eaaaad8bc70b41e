# Your item deleted in Studio while its Detail page stays open on Explore's Favorites stack:
# the page says the catalog no longer has it, offers no `f`, and `f` there adds no favorite
# naming the deleted item (Favorites would list it as not in this catalog).
# args: --state-dir $STATE_DIR

sign-in ada
wait 1s
activity studio
key n
type mine
key tab
type Mine title
key tab
type sub
key tab
key down
key enter
key f
activity explore
tab favorites
expect Mine title
deeplink funapp://item/mine
expect In your favorites
activity studio
key d
key enter
expect You have no items of your own yet.
activity explore
expect Mine title
expect No longer in this catalog
expect-not f favorite
key f
expect No longer in this catalog
back
expect-not mine
expect-not not in this catalog
