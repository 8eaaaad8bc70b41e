# The mouse: a click on a tab switches to it, a click on a row selects it and a second click
# opens it, the wheel scrolls; a click on nothing does nothing. Cells are 1-based, as a
# terminal reports them (row 1 is the tab bar).
# args: --state-dir $STATE_DIR --guest

wait 1s
# Row 10 is the list's second row, Observation.
click 5 10
expect >   Observation
expect [Home]
click 5 10
expect Home › Observation
back
# The wheel moves the selection like ↓ and ↑.
wheel down 40 15
expect >   SwiftData
wheel up 40 15
expect >   Observation
# A blank cell is nothing to click.
click 70 3
expect >   Observation
# The tab bar: "Settings" starts at column 48 at 80 columns, after "Explore · ".
click 49 1
expect [Settings]
# On Settings a click selects a setting, a second changes it (row 4 is a guest's note that
# its settings are not saved, so Appearance is row 6).
click 5 6
expect > Appearance
click 5 6
expect Appearance                light
click 13 1
expect [Home]
# A carousel card: a click focuses it, a second opens its item.
click 30 5
expect >Observation
click 30 5
expect Home › Observation
