# The featured-carousel toggle: Home shows `Featured` only while it is on, and the change
# shows at once, without a restart.
# args: --state-dir $STATE_DIR

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

wait 1s
expect Featured  ‹ 1/3 ›

# ←/→ page through the carousel, three items a page.
key right
expect Featured  ‹ 2/3 ›
key left
expect Featured  ‹ 1/3 ›

# Turn it off: Home drops the carousel immediately.
tab settings
expect Featured carousel         on
toggle carousel
expect Featured carousel         off
tab home
expect-not Featured
expect All items (37)

# Space on the selected setting toggles it too: on again, and Home shows it again.
tab settings
expect > Featured carousel         off
key space
expect Featured carousel         on
tab home
expect Featured  ‹ 1/3 ›
