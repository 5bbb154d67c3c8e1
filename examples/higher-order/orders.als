-- For-all/exists properties of relations: "every relation r with P has some s with Q".
-- Szpilrajn's theorem within scope, the transitive closure as the least transitive
-- superset (forall-exists-forall, so its negation is exists-forall-exists), and a false
-- claim with its counterexample.
module examples/orders

sig A {}

pred strictPartial[r: A -> A] { no iden & r and r.r in r }
pred strictTotal[r: A -> A] { strictPartial[r] and all disj a, b: A | a -> b in r + ~r }

-- every strict partial order extends to a strict total order
check szpilrajn {
  all r: A -> A | strictPartial[r] implies some s: A -> A | strictTotal[s] and r in s
} for 3 expect 0

-- every relation has a least transitive superset (its transitive closure)
check leastTransitiveSuperset {
  all r: A -> A | some t: A -> A |
    r in t and t.t in t and (all u: A -> A | (r in u and u.u in u) implies t in u)
} for 3 expect 0

-- and that superset is ^r
check closureIsLeast {
  all r, t: A -> A | (r in t and t.t in t and (all u: A -> A | (r in u and u.u in u) implies t in u))
    implies t = ^r
} for 3 expect 0

-- false: a symmetric pair cannot lie inside an antisymmetric order
check symmetricExtends {
  all r: A -> A | r = ~r implies some s: A -> A | strictTotal[s] and r in s
} for 2 expect 1

-- exists-forall-exists: some relation r such that every strict total order s has an
-- element whose r-image is strictly later in s (here: r is the full relation minus iden)
run everyOrderHasAnAscent {
  some r: A -> A | all s: A -> A | strictTotal[s] implies some a: A | some a.r & a.s
} for 3 expect 1
