# The category filter on Search: ] and [ step through All and each category (←/→ are the
# cursor's keys in the field).
# args: --state-dir $STATE_DIR

# A fresh state directory starts on the sign-in screen: sign in first.
sign-in ada

tab search
wait 1s
expect Category: ‹ All ›  1/7
expect 37 results

# ] picks the next category; only its items are listed.
key ]
expect Category: ‹ Architecture ›  2/7
expect 5 results
expect Modular Packages
expect-not SwiftUI

key ]
expect Category: ‹ Frameworks ›  3/7
expect 7 results
# The selected row starts with ">"; the two spaces after it hold ★ for favorites.
expect >   SwiftUI
expect-not Modular Packages

# The category combines with the query.
type data
wait 400ms
expect Search: data
expect Category: ‹ Frameworks ›
expect SwiftData
expect Foundation
expect-not Data-Race Safety
expect 2 results
key esc

# [ goes back; before All it wraps round to the last category.
key [
key [
expect Category: ‹ All ›  1/7
expect Data-Race Safety
expect SwiftData
key [
expect Category: ‹ Tools ›  7/7
expect No results
key ]
expect Category: ‹ All ›  1/7
