// Traffic lights at a crossroads: each light cycles green -> amber -> red, and a light may
// turn green only while the crossing light is red. Written for solder's temporal
// examples; each `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

abstract sig Colour {}
one sig Green, Amber, Red extends Colour {}

abstract sig Light { crossing: one Light, var shows: one Colour }
one sig NorthSouth, EastWest extends Light {}
fact { NorthSouth.crossing = EastWest and EastWest.crossing = NorthSouth }

fact start { NorthSouth.shows = Green and EastWest.shows = Red }

pred toAmber[l: Light] { l.shows = Green and shows' = shows ++ l -> Amber }
pred toRed[l: Light] { l.shows = Amber and shows' = shows ++ l -> Red }
pred toGreen[l: Light] { l.shows = Red and l.crossing.shows = Red and shows' = shows ++ l -> Green }
pred hold { shows' = shows }

fact behaviour { always (hold or some l: Light | toAmber[l] or toRed[l] or toGreen[l]) }

run fullCycle { eventually (EastWest.shows = Green and eventually NorthSouth.shows = Green) } for 3 but 8 steps expect 1

assert neverBothGreen { always not (NorthSouth.shows = Green and EastWest.shows = Green) }
check neverBothGreen for 3 but 10 steps expect 0

// Green is always preceded by red, as long as the light was not green from the start.
assert greenAfterRed { always all l: Light | (l.shows = Green and before l.shows != Green) implies before l.shows = Red }
check greenAfterRed for 3 but 10 steps expect 0

// Amber never follows red directly.
assert noRedToAmber { always all l: Light | l.shows = Red implies after l.shows != Amber }
check noRedToAmber for 3 but 10 steps expect 0

// Wrong without fairness: each direction gets green again and again.
assert everyoneGoes { all l: Light | always eventually l.shows = Green }
check everyoneGoes for 3 but 10 steps expect 1
