-- The classic anomalies of the literature, each as a history shape, checked against the
-- levels they separate. A shape pins a history up to the names of its transactions,
-- objects and values; `run { writeSkew and SI }` finds it when the history satisfies
-- SI, and reports no instance when it violates SI. Every command here runs without
-- CEGIS (each level occurs positively). The histories are those of the isolation
-- reference (H02 ... H16), written as in the papers: sessions in brackets, `→` between
-- transactions of one session. The first command of each shape checks that the shape
-- fits the scope, so that the commands expecting no instance are not vacuous.

open isolation

-- H02 lost update: [T1: r(x,0) w(x,1)]  [T2: r(x,0) w(x,2)]
pred lostUpdate {
  some disj t1, t2: Normal, x: Obj, disj v1, v2: Val - v0 {
    Normal = t1 + t2
    Obj = x
    reads = (t1 + t2) -> x -> v0
    writes = T0 -> x -> v0 + t1 -> x -> v1 + t2 -> x -> v2
    so = T0 -> Normal
  }
}
run lostUpdate for 2 but 3 Val expect 1
run lostUpdateIsPC { lostUpdate and PC } for 2 but 3 Val expect 1
run lostUpdateIsNotSI { lostUpdate and SI } for 2 but 3 Val expect 0
run lostUpdateIsCC { lostUpdate and CC } for 2 but 3 Val expect 1
run lostUpdateIsNotPSI { lostUpdate and CeronePSI } for 2 but 3 Val expect 0
run lostUpdateIsNotUA { lostUpdate and CeroneUA } for 2 but 3 Val expect 0
run lostUpdateIsNotNLU { lostUpdate and CeroneNLU } for 2 but 3 Val expect 0
run lostUpdateIsAdyaPC { lostUpdate and AdyaPC } for 2 but 3 Val expect 1

-- H03 write skew: [T1: r(x,0) r(y,0) w(x,1)]  [T2: r(x,0) r(y,0) w(y,1)]
pred writeSkew {
  some disj t1, t2: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2
    Obj = x + y
    reads = (t1 + t2) -> (x + y) -> v0
    writes = T0 -> Obj -> v0 + t1 -> x -> v + t2 -> y -> v
    so = T0 -> Normal
  }
}
run writeSkew for 2 expect 1
run writeSkewIsSI { writeSkew and SI } for 2 expect 1
run writeSkewIsNotSER { writeSkew and SER } for 2 expect 0
run writeSkewIsNotCeroneSER { writeSkew and CeroneSER } for 2 expect 0
run writeSkewIsAdyaSI { writeSkew and AdyaSI } for 2 expect 1
run writeSkewIsNotPL3 { writeSkew and AdyaPL3 } for 2 expect 0
run writeSkewIsCrooksSI { writeSkew and CrooksSI } for 2 expect 1
run writeSkewIsNotCrooksSER { writeSkew and CrooksSER } for 2 expect 0

-- H04 long fork: [T1: r(x,0) w(x,1)]  [T2: r(y,0) w(y,1)]  [T3: r(x,1) r(y,0)]
-- [T4: r(x,0) r(y,1)]: the readers see the two writers in opposite orders
pred longFork {
  some disj t1, t2, t3, t4: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2 + t3 + t4
    Obj = x + y
    reads = t1 -> x -> v0 + t2 -> y -> v0 + t3 -> (x -> v + y -> v0) + t4 -> (x -> v0 + y -> v)
    writes = T0 -> Obj -> v0 + t1 -> x -> v + t2 -> y -> v
    so = T0 -> Normal
  }
}
run longFork for 4 expect 1
run longForkIsCC { longFork and CC } for 4 expect 1
run longForkIsNotPC { longFork and PC } for 4 expect 0
run longForkIsPSI { longFork and CeronePSI } for 4 expect 1
run longForkIsNotCeroneSI { longFork and CeroneSI } for 4 expect 0
run longForkIsNotCeronePC { longFork and CeronePC } for 4 expect 0
run longForkIsAdyaPSI { longFork and AdyaPSI } for 4 expect 1
run longForkIsNotAdyaPC { longFork and AdyaPC } for 4 expect 0

-- H05 causality violation: [T1: r(x,0) w(x,1)]  [T2: r(x,1) r(y,0) w(y,1)]
-- [T3: r(y,1) r(x,0)]: T3 sees T2, which saw T1, but not T1
pred causalityViolation {
  some disj t1, t2, t3: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2 + t3
    Obj = x + y
    reads = t1 -> x -> v0 + t2 -> (x -> v + y -> v0) + t3 -> (y -> v + x -> v0)
    writes = T0 -> Obj -> v0 + t1 -> x -> v + t2 -> y -> v
    so = T0 -> Normal
  }
}
run causalityViolation for 3 expect 1
run causalityViolationIsRA { causalityViolation and RA } for 3 expect 1
run causalityViolationIsNotCC { causalityViolation and CC } for 3 expect 0
run causalityViolationIsTapRA { causalityViolation and TapRA } for 3 expect 1
run causalityViolationIsNotTapCC { causalityViolation and TapCC } for 3 expect 0
run causalityViolationIsNotCeroneCC { causalityViolation and CeroneCC } for 3 expect 0
run causalityViolationIsNotPSI { causalityViolation and CeronePSI } for 3 expect 0

-- H06 fractured read: [T1: r(x,0) r(y,0) w(x,1) w(y,1)]  [T2: r(y,0) r(x,1)]: T2 sees
-- T1's x but not its y; Read Committed allows it, since y was read first
pred fracturedRead {
  some disj t1, t2: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2
    Obj = x + y
    reads = t1 -> (x + y) -> v0 + t2 -> (y -> v0 + x -> v)
    writes = T0 -> Obj -> v0 + t1 -> (x + y) -> v
    so = T0 -> Normal
    ro = t1 -> x -> y + t2 -> y -> x
  }
}
run fracturedRead for 2 expect 1
run fracturedReadIsRC { fracturedRead and RC } for 2 expect 1
run fracturedReadIsTapRC { fracturedRead and TapRC } for 2 expect 1
run fracturedReadIsNotRA { fracturedRead and RA } for 2 expect 0
run fracturedReadIsNotTapRA { fracturedRead and TapRA } for 2 expect 0

-- H07 non-monotonic read: as H06, with T2 reading x first: [T2: r(x,1) r(y,0)]
pred nonMonotonicRead {
  some disj t1, t2: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2
    Obj = x + y
    reads = t1 -> (x + y) -> v0 + t2 -> (x -> v + y -> v0)
    writes = T0 -> Obj -> v0 + t1 -> (x + y) -> v
    so = T0 -> Normal
    ro = t1 -> x -> y + t2 -> x -> y
  }
}
run nonMonotonicRead for 2 expect 1
run nonMonotonicReadIsNotRC { nonMonotonicRead and RC } for 2 expect 0
run nonMonotonicReadIsNotTapRC { nonMonotonicRead and TapRC } for 2 expect 0

-- H08 the read-only anomaly of Fekete, O'Neil and O'Neil (2004), x checking and y
-- savings: [T1: r(x,0) r(y,0) w(x,1)]  [T2: r(y,0) w(y,1)]  [T3: r(x,0) r(y,1)]
pred readOnlyAnomaly {
  some disj t1, t2, t3: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2 + t3
    Obj = x + y
    reads = t1 -> (x + y) -> v0 + t2 -> y -> v0 + t3 -> (x -> v0 + y -> v)
    writes = T0 -> Obj -> v0 + t1 -> x -> v + t2 -> y -> v
    so = T0 -> Normal
  }
}
run readOnlyAnomaly for 3 expect 1
run readOnlyAnomalyIsSI { readOnlyAnomaly and SI } for 3 expect 1
run readOnlyAnomalyIsUpdateSer { readOnlyAnomaly and UpdateSer } for 3 expect 1
run readOnlyAnomalyIsNotSER { readOnlyAnomaly and SER } for 3 expect 0
run readOnlyAnomalyIsNotCeroneSER { readOnlyAnomaly and CeroneSER } for 3 expect 0
run readOnlyAnomalyIsAdyaSI { readOnlyAnomaly and AdyaSI } for 3 expect 1

-- H09 the gap in Isolde's TapRA: [T1: r(x,0) w(x,1) → T2: r(x,0)]: T2 misses the write
-- of its session predecessor; one object, so the fractured-read patterns never fire
pred isoldeGap {
  some disj t1, t2: Normal, x: Obj, v: Val - v0 {
    Normal = t1 + t2
    Obj = x
    reads = (t1 + t2) -> x -> v0
    writes = T0 -> x -> v0 + t1 -> x -> v
    so = T0 -> Normal + t1 -> t2
  }
}
run isoldeGap for 2 expect 1
run isoldeGapIsTapRA { isoldeGap and TapRA } for 2 expect 1
run isoldeGapIsNotRA { isoldeGap and RA } for 2 expect 0
run isoldeGapIsNotTapRAop { isoldeGap and TapRAop } for 2 expect 0
run isoldeGapIsNotTapCC { isoldeGap and TapCC } for 2 expect 0
run isoldeGapIsNotCeroneRA { isoldeGap and CeroneRA } for 2 expect 0
-- Adya's and Crooks' levels without sessions ignore the session order
run isoldeGapIsPL3 { isoldeGap and AdyaPL3 } for 2 expect 1
run isoldeGapIsCrooksSER { isoldeGap and CrooksSER } for 2 expect 1
run isoldeGapIsNotCrooksSessionSER { isoldeGap and CrooksSessionSER } for 2 expect 0

-- H10 no lost update, yet not Update Atomic: [T1: r(x,0) r(y,0) w(x,1) w(y,1)]
-- [T2: r(x,1) w(x,2)]  [T3: r(x,2) r(y,0) w(x,3)]: T3 sees T2, which saw T1, but not T1
pred lostUpdateButNotUA {
  some disj t1, t2, t3: Normal, disj x, y: Obj, disj v1, v2, v3: Val - v0 {
    Normal = t1 + t2 + t3
    Obj = x + y
    reads = t1 -> (x + y) -> v0 + t2 -> x -> v1 + t3 -> (x -> v2 + y -> v0)
    writes = T0 -> Obj -> v0 + t1 -> (x + y) -> v1 + t2 -> x -> v2 + t3 -> x -> v3
    so = T0 -> Normal
  }
}
run lostUpdateButNotUA for 3 but 4 Val expect 1
run lostUpdateButNotUAIsNotUA { lostUpdateButNotUA and CeroneUA } for 3 but 4 Val expect 0
run lostUpdateButNotUAIsRA { lostUpdateButNotUA and RA } for 3 but 4 Val expect 1

-- H12 causality violation through a session: [T1: r(x,0) w(x,1) → T2: r(y,0) w(y,1)]
-- [T3: r(y,1) r(x,0)]
pred sessionCausality {
  some disj t1, t2, t3: Normal, disj x, y: Obj, v: Val - v0 {
    Normal = t1 + t2 + t3
    Obj = x + y
    reads = t1 -> x -> v0 + t2 -> y -> v0 + t3 -> (y -> v + x -> v0)
    writes = T0 -> Obj -> v0 + t1 -> x -> v + t2 -> y -> v
    so = T0 -> Normal + t1 -> t2
  }
}
run sessionCausality for 3 expect 1
run sessionCausalityIsRA { sessionCausality and RA } for 3 expect 1
run sessionCausalityIsNotCC { sessionCausality and CC } for 3 expect 0
run sessionCausalityIsPL3 { sessionCausality and AdyaPL3 } for 3 expect 1
run sessionCausalityIsNotAdyaSER { sessionCausality and AdyaSER } for 3 expect 0

-- H13 stale reads across sessions: [T1: r(x,0) w(x,1) → T2: r(x,2)]
-- [T3: r(x,0) w(x,2) → T4: r(x,1)]: each session reads the other's write after its own
pred crossedSessions {
  some disj t1, t2, t3, t4: Normal, x: Obj, disj v1, v2: Val - v0 {
    Normal = t1 + t2 + t3 + t4
    Obj = x
    reads = (t1 + t3) -> x -> v0 + t2 -> x -> v2 + t4 -> x -> v1
    writes = T0 -> x -> v0 + t1 -> x -> v1 + t3 -> x -> v2
    so = T0 -> Normal + t1 -> t2 + t3 -> t4
  }
}
run crossedSessions for 4 but 3 Val expect 1
run crossedSessionsIsTapRA { crossedSessions and TapRA } for 4 but 3 Val expect 1
run crossedSessionsIsNotRA { crossedSessions and RA } for 4 but 3 Val expect 0
run crossedSessionsIsNotTapRAop { crossedSessions and TapRAop } for 4 but 3 Val expect 0
run crossedSessionsIsNotCeroneRA { crossedSessions and CeroneRA } for 4 but 3 Val expect 0

-- H14 lost update, observed: [T1: r(x,0) w(x,1)]  [T2: r(x,0) w(x,2)]  [T3: r(x,2)]
pred observedLostUpdate {
  some disj t1, t2, t3: Normal, x: Obj, disj v1, v2: Val - v0 {
    Normal = t1 + t2 + t3
    Obj = x
    reads = (t1 + t2) -> x -> v0 + t3 -> x -> v2
    writes = T0 -> x -> v0 + t1 -> x -> v1 + t2 -> x -> v2
    so = T0 -> Normal
  }
}
run observedLostUpdate for 3 expect 1
run observedLostUpdateIsPC { observedLostUpdate and PC } for 3 expect 1
run observedLostUpdateIsNotSI { observedLostUpdate and SI } for 3 expect 0
run observedLostUpdateIsNotCeroneSI { observedLostUpdate and CeroneSI } for 3 expect 0

-- H16 a write conflict hidden by a blind write: [T1: r(x,0) w(x,1) w(y,1)]
-- [T2: r(y,0) w(x,2) w(y,2)]: T2 writes x without reading it
pred blindConflict {
  some disj t1, t2: Normal, disj x, y: Obj, disj v1, v2: Val - v0 {
    Normal = t1 + t2
    Obj = x + y
    reads = t1 -> x -> v0 + t2 -> y -> v0
    writes = T0 -> Obj -> v0 + t1 -> (x + y) -> v1 + t2 -> (x + y) -> v2
    so = T0 -> Normal
  }
}
run blindConflict for 2 but 3 Val expect 1
run blindConflictIsCC { blindConflict and CC } for 2 but 3 Val expect 1
run blindConflictIsNotPSI { blindConflict and CeronePSI } for 2 but 3 Val expect 0
run blindConflictIsNotAdyaPSI { blindConflict and AdyaPSI } for 2 but 3 Val expect 0
