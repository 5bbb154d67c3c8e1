-- A concrete history against every level of Adya: write skew,
--   [T1: r(x,0) r(y,0) w(x,1)]  [T2: r(x,0) r(y,0) w(y,1)]
-- Each transaction reads what the other overwrites: the dependency cycle
-- T1 -rw-> T2 -rw-> T1 has two anti-dependency edges, next to each other. So it is no
-- G-single (PL-2+ allows it) but G2 (PL-3 forbids it); of the graph characterisations
-- with sessions, SI and weaker allow it and SER forbids it. The history is fixed by
-- facts; every command runs without CEGIS.

open isolation

one sig T1, T2 extends Txn {}
one sig x, y extends Obj {}
one sig v1 extends Val {}

fact writeSkew {
  reads = (T1 + T2) -> (x + y) -> v0
  writes = T0 -> (x + y) -> v0 + T1 -> x -> v1 + T2 -> y -> v1
  so = T0 -> (T1 + T2)
  ro = (T1 + T2) -> x -> y
}

run AdyaPL1 for 2 expect 1
run AdyaPL2 for 2 expect 1
run AdyaPL2plus for 2 expect 1
run AdyaPL3 for 2 expect 0
run AdyaSER for 2 expect 0
run AdyaSI for 2 expect 1
run AdyaPSI for 2 expect 1
run AdyaPC for 2 expect 1
-- the phenomena for the only version order there is (T0 first)
run gSingle { some vo: Txn -> Txn | vorder[vo] and Gsingle[vo] } for 2 expect 0
run g2 { some vo: Txn -> Txn | vorder[vo] and G2[vo] } for 2 expect 1
