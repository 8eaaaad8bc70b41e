# Studio's My items: write an item in the form sheet (each refused field says why, inside the
# sheet), see it in Explore marked as yours, edit it, and keep it through a catalog reload and
# a failed one. The form is driven by keys, as a person fills it: Tab moves between fields,
# `type` and `paste` fill the focused one, Enter saves (in the description it starts a new
# paragraph; Ctrl-S saves from any field). studio-items-2-check.fun then starts Fun again on
# the same state and finds the item saved.
# args: --state-dir $STATE_DIR
# state: studio-items

sign-in ada
wait 1s
activity studio
expect Studio · [My items]  Sources
expect You have no items of your own yet.
expect Press n to write one

# A save with nothing filled in: every refused field says why, the first one in full below.
key n
expect ┌ New item
key enter
expect Id  The id cannot be empty
expect Title  The title cannot be empty
expect Category  Choose a category or type a new one

# The id: not a slug, then one the catalog already uses, then a free one.
type my notes
expect The id takes letters, digits, '-', '_' and '.' only
key ctrl-u
type swiftui
expect The catalog already uses the id swiftui
key ctrl-u
type field-notes
expect-not The catalog already uses
key tab
type Field notes
expect-not The title cannot be empty
key tab
paste What I saw
key tab
# ↓ in the category chooses a known one; typing takes a new one.
key down
expect known categories
key ctrl-u
type Journal
key tab
type First paragraph.
key enter
type Second paragraph.
expect ¶ 2/2
key ctrl-s
expect-not ┌ New item
expect 1 item of yours
expect >   Field notes  yours · What I saw

# Explore shows it first, marked as yours, on Home, in Search and in Detail.
activity explore
expect Field notes        yours · What I saw
tab search
type field
wait 1s
expect yours · What I saw
key esc
open field-notes
expect Category: Journal · One of your items
expect First paragraph.
expect Second paragraph.
expect funapp://item/field-notes
back

# A link opens it too.
deeplink funapp://item/field-notes
expect Category: Journal · One of your items
back

# A favorite of yours lists it on Favorites, marked as yours.
tab home
select field-notes
fav
tab favorites
expect yours · What I saw

# Edit: the form starts from the saved item; the new title shows everywhere.
activity studio
key e
expect ┌ Edit field-notes
expect field-notes
key tab
key ctrl-u
type Garden notes
key enter
expect > ★ Garden notes  yours
activity explore
tab home
expect Garden notes       yours · What I saw

# It survives a catalog reload and a failed one.
refresh
wait 1s
expect Garden notes       yours · What I saw
toggle network-failure
refresh
wait 1s
expect Network failure (simulated
expect Garden notes       yours · What I saw
toggle network-failure
