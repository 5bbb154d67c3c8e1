-- Quantifiers over total injective maps, which solder reads as comparisons of counts
-- (`logic::injections`), next to near misses that must keep the general treatment. Each
-- command's expectation was found with `--no-count-injections`; the higher-order test
-- runs the file with the reading on and off.
sig A { r: set A }
sig B {}

-- at most as many A as B, by a total injection
pred fewerA { some g: A -> B | (all x: A | one x.g) and (all y: B | lone g.y) }
-- strictly fewer: the map misses some B
pred strictlyFewerA {
  some g: A -> B | (all x: A | one x.g) and (all y: B | lone g.y) and some B - A.g
}
-- a near miss: `lone` images make this hold for every A and B
pred partialMap { some g: A -> B | (all x: A | lone x.g) and (all y: B | lone g.y) }
-- a near miss: no injectivity, so a total map exists whenever B is nonempty or A empty
pred anyMap { some g: A -> B | all x: A | one x.g }

-- pairs of r into pairs of r's transpose minus the diagonal, and back
pred pairsInto[p, q: A -> A] {
  some f: A -> A -> A -> A | f in p -> q and
    (all a: A, b: a.p | one b.(a.f)) and (all c: A, d: c.q | lone (f.d).c)
}
pred morePairs[q, p: A -> A] {
  some f: A -> A -> A -> A | f in p -> q and
    (all a: A, b: a.p | one b.(a.f)) and (all c: A, d: c.q | lone (f.d).c) and
    some q - { c, d: A | some (f.d).c }
}

fewerRuns: run { fewerA and #A = 2 } for 3 expect 1
fewerChecks: check { fewerA implies #A <= #B } for 3 expect 0
fewerIsCount: check { fewerA iff #A <= #B } for 3 expect 0
strictIsCount: check { strictlyFewerA iff #A < #B } for 3 expect 0
strictFails: run { strictlyFewerA and #A = #B } for 3 expect 0
partialAlways: check { partialMap } for 3 expect 0
anyMapNeedsB: check { anyMap implies (some B or no A) } for 3 expect 0
anyMapNotCount: run { anyMap and #A > #B } for 3 expect 1

-- under a universal (CEGIS with the reading inside lemmas)
maxSubset: run { some s: set A | some s and all t: set A | not morePairs[r & (t -> t), r & (s -> s)] } for 3 expect 1
pairsAgree: check { all s: set A | pairsInto[r & (s -> s), r] } for 3 expect 0
pairsBack: run { some s: set A | not pairsInto[r, r & (s -> s)] } for 3 expect 1
morePairsIsCount: check { all s, t: set A |
  morePairs[r & (t -> t), r & (s -> s)] iff #(r & (t -> t)) > #(r & (s -> s)) } for 3 but 5 Int expect 0
