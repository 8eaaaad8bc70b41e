# Screen-reader mode in German: every line the reader says comes from the string tables (item
# titles and subtitles are data, as they are on screen).
# args: --screen-reader --lang de --state-dir $STATE_DIR

says Fun im Bildschirmleser-Modus. F1 liest die Tasten vor; bis du das Feld verlässt, gehen sie dorthin.
says Anmelden, Eintrag 1 von 2
says Feld Name des neuen Profils, leer
sign-in ada
says Angemeldet als ada
says Start, Katalog wird geladen…
wait 1s
says Katalog geladen
says 1 von 37: SwiftUI — Declarative user interfaces for every Apple platform
key down
says 2 von 37: Observation — Fine-grained change tracking with @Observable
key f
says Observation ist jetzt ein Favorit
tab settings
says Einstellungen, Eintrag 1 von 4
says Empfohlen-Karussell: an
key down
says 2 von 4: Darstellung: System
key space
says Darstellung: hell
sign-out
says Dialog: Abmelden?
says Die Favoriten, Einträge und das Profil von ada bleiben für die nächste Anmeldung gespeichert.
says Enter: Abmelden
says Escape: abbrechen

