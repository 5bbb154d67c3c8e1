module util/time

-- Discrete time for models that keep state in relations over Time. Time is ordered by
-- util/ordering (opened without an alias or `private`, so first, next, ... are visible to
-- the opening model). A step is a predicate or macro on two times [t, u]; the macros below
-- chain steps and run a loop. A loop condition is a predicate or macro on one time.

open util/ordering[Time]

sig Time {}

-- a field that holds exactly one x at each Time, and one that holds a set
let dynamic[x] = x one -> Time
let dynamicSet[x] = x -> Time

-- step a from t to some time, then step b from there to u
let then[a, b, t, u] { some x: Time | a[t, x] and b[x, u] }

-- whileN[cond, body, t, u]: from t, N rounds of "take a body step if cond holds, else stay
-- put"; cond must then be false, at u. So the loop stops after at most N body steps.
let while0[cond, body, t, u] { t = u and not cond[t] }
let while1[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while0[cond, body, x, u]
}
let while2[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while1[cond, body, x, u]
}
let while3[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while2[cond, body, x, u]
}
let while4[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while3[cond, body, x, u]
}
let while5[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while4[cond, body, x, u]
}
let while6[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while5[cond, body, x, u]
}
let while7[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while6[cond, body, x, u]
}
let while8[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while7[cond, body, x, u]
}
let while9[cond, body, t, u] {
  some x: Time | (cond[t] => body[t, x] else x = t) and while8[cond, body, x, u]
}

-- the loop with at most three rounds
let while[cond, body, t, u] { while3[cond, body, t, u] }
