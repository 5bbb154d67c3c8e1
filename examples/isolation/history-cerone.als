-- A concrete history against every level of Cerone, Bernardi and Gotsman: the long fork
--   [T1: r(x,0) w(x,1)]  [T2: r(y,0) w(y,1)]  [T3: r(x,1) r(y,0)]  [T4: r(x,0) r(y,1)]
-- T3 and T4 see the two independent writers in opposite orders. Visibility can be
-- transitive and every write conflict resolved (PSI), but no arbitration order makes
-- what each reader sees a prefix of it (PC, SI). The history is fixed by facts; every
-- command runs without CEGIS.

open isolation

one sig T1, T2, T3, T4 extends Txn {}
one sig x, y extends Obj {}
one sig v1 extends Val {}

fact longFork {
  reads = T1 -> x -> v0 + T2 -> y -> v0 + T3 -> (x -> v1 + y -> v0) + T4 -> (x -> v0 + y -> v1)
  writes = T0 -> (x + y) -> v0 + T1 -> x -> v1 + T2 -> y -> v1
  so = T0 -> (T1 + T2 + T3 + T4)
  ro = T3 -> x -> y + T4 -> x -> y
}

run CeroneRA for 4 expect 1
run CeroneUA for 4 expect 1
run CeroneCC for 4 expect 1
run CeronePSI for 4 expect 1
run CeronePC for 4 expect 0
run CeroneSI for 4 expect 0
run CeroneSER for 4 expect 0
run CeroneNLU for 4 expect 1
