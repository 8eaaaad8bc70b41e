# Sign-in and sheets in screen-reader mode: a refused name, the profile editor, the sign-out
# question answered both ways, and a guest session, every line checked by `says`.
# args: --screen-reader --state-dir $STATE_DIR

says Fun, screen reader mode. F1 reads the keys; the field has them until you leave it.
says Sign in, item 1 of 2
says New profile name field, empty
# A name the rules refuse says why, and nothing is created.
type bad name!
says New profile name field: bad name!
key enter
says "bad name!" is not a valid profile name: use only ASCII letters, digits, - and _
key ctrl-u
says New profile name field, empty
type ada
says New profile name field: ada
key enter
says Signed in as ada
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
# The profile editor is a sheet: its question, the focused field and its choices.
tab profile
says Profile, ada
says No bio yet.
says 0 favorites
says Sign out
key e
says Dialog: Edit profile
says Display name field: ada
says Enter: confirm
says Escape: cancel
says Shift-Tab, Tab: previous or next field
type !
says !
key tab
says Bio field, empty
type Hi
says Bio field: Hi
key enter
says Profile, ada!
says Hi
says 0 favorites
says Sign out
says Saved your profile
# Signing out asks first; Esc keeps the session, Enter ends it.
sign-out
says Dialog: Sign out?
says ada's favorites, items and profile stay saved for the next sign-in.
says Enter: Sign out
says Escape: cancel
key esc
says Profile, ada!
says Hi
says 0 favorites
says Sign out
sign-out
says Dialog: Sign out?
says ada's favorites, items and profile stay saved for the next sign-in.
says Enter: Sign out
says Escape: cancel
key enter
says Signed out
says Sign in, item 1 of 3
says ada
# Signed out, the sign-in list reads its rows; a guest session starts from its row.
key down
says 2 of 3: New profile name field, empty
key down
says 3 of 3: Continue as guest (nothing is saved)
key enter
says Signed in as Guest
says Home, 37 items, item 1 of 37
says SwiftUI — Declarative user interfaces for every Apple platform

