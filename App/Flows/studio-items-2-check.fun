# After studio-items-1-write.fun, on the same state: a new start finds the item saved with the
# profile, still marked as yours, and its link opens it. Deleting it asks first (Esc keeps it),
# and a deleted item leaves Explore too. A guest's items are not saved, and the tab says so.
# args: --state-dir $STATE_DIR --open funapp://item/field-notes
# state: studio-items

# The session was kept: Fun starts signed in as ada, and the link it was started with opens
# the saved item once the catalog (with your items merged in) has loaded.
wait 1s
expect ● ada
expect Category: Journal · One of your items
back
expect Garden notes       yours · What I saw

activity studio
expect 1 item of yours
key d
expect ┌ Delete Garden notes?
expect Your item field-notes is removed
key esc
expect 1 item of yours
key d
key enter
expect Deleted Garden notes
expect You have no items of your own yet.
# Once the toast has gone, nothing shows the item.
wait 3s
activity explore
expect-not Garden notes
deeplink funapp://item/field-notes
expect No item with id

# A guest writes into memory only, and is told so.
sign-out
key enter
sign-in --guest
wait 1s
activity studio
expect As a guest, your items are not saved
key n
type scratch
key tab
type Scratch
key tab
key tab
type Notes
key enter
expect Scratch  yours
activity explore
expect Scratch
