-- Alloy's meta-model: every `expect` below is the verdict of Alloy 6 built from source
-- (AlloyTools 0fa93b2c, SAT4J), run on this file on 2026-12-07.
open util/ordering[A] as ord
abstract sig A { f: set A }
sig B extends A { g: lone B, h: B -> A }
sig C extends A {}
sig S in A {}
enum Color { Red, Green }
one sig D { k: Color }
var sig V {}
sig E { var e: set E }
check meta3 { S$.parent = none and Red$.parent = Color$ and B$.parent = A$ } for 3 expect 0
check meta4 { A$.subfields = A$f + B$g + B$h and B$.subfields = B$g + B$h } for 3 expect 0
check meta5 { S$.value = S and Color$.value = Red + Green } for 3 expect 0
run meta6 { some x: field$ | #x.value > 2 } for 3 expect 1
check meta7 { all x: sig$ | x.value in univ } for 3 expect 0
check meta8 { all x: sig$ - S$ | some x.value } for 3 expect 1
run meta9 { all x: field$ | some x.value } for 3 expect 1
check meta10 { all x: A$ + B$ | x.value in A } for 3 expect 0
check meta11 { {x: sig$ | no x.parent} = A$ + S$ + Color$ + D$ + (sig$ - A$ - B$ - C$ - S$ - Color$ - Red$ - Green$ - D$) } for 3 expect 0
check meta12 { all x: sig$ | all y: x.fields | y in field$ } for 3 expect 0
check meta13 { all x: sig$ | x.fields in x.subfields } for 3 expect 0
check meta15 { all x: field$ | some x.value => some x.value } for 3 expect 0
check meta16 { some x: sig$ | x = B$ } for 3 expect 0
check counts { #(sig$ - V$ - E$) = 10 and #(field$ - E$e) = 8 } for 3 but 5 Int expect 0
check parents { A$.parent = none and B$.parent = A$ and C$.parent = A$ and no D$.parent } for 3 expect 0
check values { A$.value = A and A$f.value = f } for 3 expect 0
check everySigNonEmpty { all s: sig$ | some s.value } for 3 expect 1
run someFieldNonEmpty { some x: field$ | some x.value } for 3 expect 1
check allFieldsEmpty { all x: field$ | no x.value } for 3 expect 1
check comprehension { {x: field$ | some x.value} in field$ } for 3 expect 0
run comprehension2 { some g and no f and B$g in {x: field$ | some x.value} and A$f not in {x: field$ | some x.value} } for 3 expect 1
check privateMetaFields { some x: field$ | x not in A$f + B$g + B$h + D$k + E$e and some x.value } for 3 expect 0
check lonely { all s: sig$ | lone s.parent } for 3 expect 0
run temporal1 { eventually some V$.value and always some E$e.value } for 3 expect 1
check temporal2 { always (V$.value = V and E$e.value = e) } for 3 expect 0
run temporal3 { some V and after no V and (some x: sig$ | after some x.value) } for 3 expect 1
check staticAndVar { static$ = sig$ + field$ - V$ - E$e and var$ = V$ + E$e } for 3 expect 0
