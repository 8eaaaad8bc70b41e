# The tour in German: `--lang de` picks the language (script mode is English without it,
# whatever LANG says, so every other flow reads the same on every machine).
#
# Run it: swift run fun --lang de --script App/Flows/tour-de.fun --state-dir $(mktemp -d)
# args: --lang de --state-dir $STATE_DIR

expect Anmelden
expect > + Neues Profil:
type ada
key enter

# Start (Home) while the catalog loads, then the carousel and the list.
expect [Start]
expect ● ada
expect Katalog wird geladen…
wait 1s
expect Empfohlen
expect Alle Einträge (37)
expect >   SwiftUI

# An item's detail; the breadcrumb starts with the tab's German name.
open
expect Start › SwiftUI
expect Kategorie: Frameworks
back

tab search
expect [Suche]
expect Kategorie: ‹ Alle ›
expect 37 Treffer

tab favorites
expect [Favoriten]
expect Noch keine Favoriten
fav swiftui
expect 1 Favorit

# Dates and numbers follow the language (the created date is the real one: it is saved).
tab profile
expect [Profil]
expect Erstellt am
expect 1 Favorit

tab settings
expect [Einstellungen]
expect Empfohlen-Karussell        an
expect Darstellung                System
toggle carousel
expect Empfohlen-Karussell        aus

# A bad link: the error toast is German too.
deeplink funapp://item/nope
expect Kein Eintrag mit der ID "nope"
wait 3s

# Signing out asks first, in German.
sign-out
expect ┌ Abmelden?
expect ⏎ abmelden  Esc abbrechen
key enter
expect Anmelden
expect > ada

# A guest is "Gast", on the title line and on Profile.
sign-in --guest
expect ● Gast
tab profile
expect Gast  Gast
expect Eine Gastsitzung: Es wird nichts gespeichert.
