# Screen-reader mode in the pseudo-locale: every line is bracketed, so a line written by hand
# would show without ⟦ ⟧ (the item titles inside are data).
# args: --screen-reader --lang pseudo --state-dir $STATE_DIR

says ⟦Fûûñ·, šçŕééééñ· ŕééááðééŕ mööðéé. F1 ŕééááðš ţĥéé· kééýš·; ţĥéé· fîîééļð ĥááš· ţĥéém· ûûñţîîļ ýööûû ļééáávé îîţ.⟧
says ⟦Šîîĝñ· îîñ⟧, ⟦îîţéém 1 ööf 2⟧
says ⟦⟦Ñééw· pŕööfîîļéé ñááméé⟧ fîîééļð, éémpţý·⟧
sign-in ada
says ⟦Šîîĝñééð· îîñ ááš ada⟧
says ⟦Ĥööméé⟧, ⟦Ļööááðîîñĝ çááţááļööĝ…⟧
wait 1s
says ⟦Çááţááļööĝ ļööááðééð⟧
says ⟦1 ööf 37: ⟦SwiftUI — Declarative user interfaces for every Apple platform⟧⟧
key down
says ⟦2 ööf 37: ⟦Observation — Fine-grained change tracking with @Observable⟧⟧
key f
says ⟦Fáávööŕîîţééð Observation⟧

