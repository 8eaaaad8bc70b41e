# A toast never runs out unseen under the `:` line: the line covers the bottom line, so a
# toast that would start while it is open waits, and shows once it closes, after the answer to
# the command typed there. Here the start-up warning about a corrupt favorites file comes as
# the session starts, while the first thing typed is a `:` command.
# args: --state-dir $STATE_DIR --profile ada
# before: mkdir -p "$STATE_DIR/profiles/ada" && printf 'garbage' > "$STATE_DIR/profiles/ada/favorites.json"

key :
type tab nowhere
wait 5s
expect-not favorites.json was corrupt
key enter

# The command's answer first, for its full time.
expect ✗ Unknown tab
expect-not favorites.json was corrupt
wait 2600ms

# Then the warning, which had waited, its time not run.
expect ✗ favorites.json was corrupt; moved to favorites.json.corrupt-
wait 2300ms
expect ✗ favorites.json was corrupt
wait 100ms
expect-not ✗
