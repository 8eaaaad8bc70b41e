# Studio's item form: a paste too long for a paragraph is refused whole with the reason (a
# script's paste is one line; the Frontend tests paste line breaks, each starting a paragraph),
# ↑ on the first paragraph goes back to the category, and Esc on a filled form asks before it
# discards anything (a second Esc does; an unchanged form closes at once). An item without a
# subtitle is marked "yours" with nothing dangling after it.
# args: --state-dir $STATE_DIR

sign-in ada
wait 1s
activity studio

# Esc on an untouched form closes it at once.
key n
expect ┌ New item
key esc
expect-not ┌ New item

key n
type bare
key tab
type Bare
key tab
key tab
type Journal
key tab
type P1 line
key enter
type P2
key enter
type P3
expect Description  ¶ 3/3

# Too long for a paragraph: refused whole, the paragraph as it was.
paste xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
expect Not pasted: it would make a paragraph of 1,002 characters
expect │ P3▏

# The next key takes the reason away. ↑ goes back through the paragraphs to the category,
# where ↑/↓ choose categories.
key up
expect-not Not pasted
key up
expect ¶ 1/3
key up
expect known categories

# Esc with unsaved changes asks first; another key keeps editing; two Escs discard.
key esc
expect ┌ New item
expect Unsaved changes: Esc again discards them
key right
expect-not Unsaved changes
key esc
key esc
expect-not ┌ New item
expect You have no items of your own yet.

# Saved without a subtitle, the row ends at "yours".
key n
type bare
key tab
type Bare
key tab
key tab
type Journal
key ctrl-s
expect-not ┌ New item
expect >   Bare  yours
expect-not yours ·
