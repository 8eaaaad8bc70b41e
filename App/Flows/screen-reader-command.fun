# The `:` command line in screen-reader mode, every line checked by `says`: opening it says how
# to run and leave it, typing is echoed as in a field, a command says what it did (not that the
# line closed), Esc says that the line closed, `:help` reads the commands, and a place arrived at
# while the line is open says that it still is.
# args: --screen-reader --state-dir $STATE_DIR --guest

says Fun, screen reader mode. Question mark reads the keys, period says where you are.
says Home, Loading catalog…
wait 1s
says Catalog loaded
says 1 of 37: SwiftUI — Declarative user interfaces for every Apple platform
key :
says Command line, empty
says Enter runs the line, Escape closes it
# A field's typing: the first letters read the line, the next ones are echoed, a deletion reads it again.
type t
says Command line: t
type ab 2x
says ab 2x
key backspace
says Command line: tab 2
# Enter runs it: what the command did is said, here the tab it went to.
key enter
says Search, 37 results, item 1 of 37
says SwiftUI — Declarative user interfaces for every Apple platform
# Esc closes the line without running it, and says so; nothing else changed.
key :
says Command line, empty
says Enter runs the line, Escape closes it
key esc
says Command line closed
# Tab completes a command's name: the letters it added are echoed, and the space after them by name.
key :
says Command line, empty
says Enter runs the line, Escape closes it
type ta
says Command line: ta
key tab
says b, space
key esc
says Command line closed
# A command that fails says why, from the error toast the app shows.
key :
says Command line, empty
says Enter runs the line, Escape closes it
# A space says its name: a synthesiser would say nothing for it.
type activity
says Command line: activity
key space
says space
type nowhere
says nowhere
key enter
says Error: Unknown activity 'nowhere': expected one of explore, studio
# The same line again, while its error still shows, is said again: it answers this line.
key :
says Command line, empty
says Enter runs the line, Escape closes it
type activity nowhere
says Command line: activity nowhere
key enter
says Error: Unknown activity 'nowhere': expected one of explore, studio
# `:help` reads the commands, a name per line, and how to complete and recall them.
key :
says Command line, empty
says Enter runs the line, Escape closes it
type help
says Command line: help
key enter
says Commands of the command line:
says tab
says activity
says type
says paste
says key
says click
says wheel
says select
says open
says back
says fav
says refresh
says toggle
says deeplink
says wait
says show
says expect
says expect-not
says says
says sign-in
says sign-out
says help
says quit
says Tab completes a command name; Up and Down arrows recall earlier lines.
# A link that arrives while the line is open says where it went, then that the line is still
# open: the next key still goes to it.
key :
says Command line, empty
says Enter runs the line, Escape closes it
type fav
says Command line: fav
deeplink funapp://tab/favorites
says Favorites, no items
says Command line: fav
key esc
says Command line closed
