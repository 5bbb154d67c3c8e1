// A lift serving floors in order: it moves one floor at a time with its doors shut, and
// opens its doors at a floor to serve the calls there. Written for solder's temporal
// examples; each `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

open util/ordering[Level]

sig Level {}
var sig Called in Level {}
abstract sig Doors {}
one sig Opened, Shut extends Doors {}
one sig Car { var at: one Level, var doors: one Doors }

fact start { Car.at = first and Car.doors = Shut }

pred call[l: Level] { l not in Called and Called' = Called + l and at' = at and doors' = doors }
pred goUp { Car.doors = Shut and some next[Car.at] and Car.at' = next[Car.at] and Called' = Called and doors' = doors }
pred goDown { Car.doors = Shut and some prev[Car.at] and Car.at' = prev[Car.at] and Called' = Called and doors' = doors }
pred openUp { Car.doors = Shut and Car.doors' = Opened and Called' = Called - Car.at and at' = at }
pred closeUp { Car.doors = Opened and Car.doors' = Shut and Called' = Called and at' = at }
pred stop { at' = at and Called' = Called and doors' = doors }

fact behaviour { always (stop or goUp or goDown or openUp or closeUp or some l: Level | call[l]) }

run topCallServed { eventually (last in Called and eventually (Car.at = last and Car.doors = Opened)) } for 4 but 8 steps expect 1

assert neverMovesOpen { always (Car.at' != Car.at implies Car.doors = Shut) }
check neverMovesOpen for 4 but 8 steps expect 0

assert oneFloorAtATime { always (Car.at' in Car.at + Car.at.next + Car.at.prev) }
check oneFloorAtATime for 4 but 8 steps expect 0

// Calls are only cleared by opening at that floor.
assert clearedByVisit { always all l: Level | (l in Called and after l not in Called) implies (Car.at = l and after Car.doors = Opened) }
check clearedByVisit for 4 but 8 steps expect 0

// Wrong without fairness: calls need not be answered.
assert callsAnswered { always all l: Called | eventually (Car.at = l and Car.doors = Opened) }
check callsAnswered for 4 but 8 steps expect 1
