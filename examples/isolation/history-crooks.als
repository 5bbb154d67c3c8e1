-- A concrete history against every level of Crooks et al.'s commit tests: a causality
-- violation through a session,
--   [T1: r(x,0) w(x,1) → T2: r(y,0) w(y,1)]  [T3: r(y,1) r(x,0)]
-- T3 reads T2's write but not that of T1, which precedes T2 in its session. Without
-- sessions the execution T0 T2 T3 T1 passes every commit test, even serializability's;
-- an execution that respects the session order has T1 before T2, and no state T3 could
-- have read. The history is fixed by facts; every command runs without CEGIS.

open isolation

one sig T1, T2, T3 extends Txn {}
one sig x, y extends Obj {}
one sig v1 extends Val {}

fact sessionCausality {
  reads = T1 -> x -> v0 + T2 -> y -> v0 + T3 -> (y -> v1 + x -> v0)
  writes = T0 -> (x + y) -> v0 + T1 -> x -> v1 + T2 -> y -> v1
  so = T0 -> (T1 + T2 + T3) + T1 -> T2
  ro = T3 -> y -> x
}

run CrooksRC for 3 expect 1
run CrooksSER for 3 expect 1
run CrooksSI for 3 expect 1
run CrooksSessionSER for 3 expect 0
run CrooksSessionSI for 3 expect 0
