# Links held across sign-in: links that arrive while nobody is signed in wait, the
# sign-in screen says so, and they open right after sign-in, in the order they arrived.
# args: --state-dir $STATE_DIR

expect Sign in
deeplink funapp://tab/favorites
expect A link waits for you to sign in.
deeplink https://fun.example/item/combine?tab=search
expect 2 links wait for you to sign in.
expect Sign in

# Signing in routes both, in arrival order: Favorites first, then Combine on Search.
sign-in ada
wait 1s
expect [Search]
expect Search › Combine
back
tab favorites
expect [Favorites]

# Signed out again, the screen says nothing waits.
sign-out
key enter
expect Sign in
expect-not link
