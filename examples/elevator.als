-- An elevator trace: time steps are ordered, floors are ordered, and the car moves at most
-- one floor per step, starting on the ground floor.
--
-- Shows off: two orderings in one model (`open util/ordering[Floor] as floors`,
-- `open util/ordering[Tick] as ticks`) with qualified names (`ticks/next`, `floors/last`),
-- a formula `let`, `||`, `implies`, `all disj`, preds with parameters, box join on a
-- parameterless fun (`floors/next` used as a relation), `for N but M X` on an ordered sig
-- (exact scope), a labelled command, `run name`, `run { ... }`, `check name`.

module elevator

open util/ordering[Floor] as floors
open util/ordering[Tick] as ticks

sig Floor {}
sig Tick { at: Floor }

fact startOnGround { ticks/first.at = floors/first }

fact moveOneFloorAtATime {
  all t: Tick - ticks/last |
    let u = t.(ticks/next) |
      u.at = t.at || u.at in t.at.(floors/next + floors/prev)
}

pred goesUp[t: Tick] { t.(ticks/next).at = floors/next[t.at] }

pred reachTop { some t: Tick | t.at = floors/last }

assert visitsEveryFloor { reachTop implies Floor in Tick.at }
assert neverRevisits { all disj t1, t2: Tick | t1.at != t2.at }

-- Witness: 3 ticks, 3 floors; the car is on floor k at tick k.
run reachTop for 3 expect 1

-- With 3 ticks the car is on floor k or lower at tick k, so it gets to the third floor at
-- best; the ordering makes exactly 4 floors, so the top one is out of reach.
run { some t: Tick | t.at = floors/last } for 3 but 4 Floor expect 0

-- Moving at most one floor per step from the ground floor to the top passes every floor.
check visitsEveryFloor for 4 expect 0

-- Counterexample: the car stays on the ground floor for two ticks.
check neverRevisits for 3 expect 1

-- Witness: 4 ticks, 4 floors, up one floor every step.
upOnly: run { all t: Tick - ticks/last | goesUp[t] } for 4 expect 1

-- 4 ticks but exactly 3 floors: the last step would go above the top floor, where
-- floors/next is empty, yet `at` must be exactly one floor.
run { all t: Tick - ticks/last | goesUp[t] } for 4 but 3 Floor expect 0
