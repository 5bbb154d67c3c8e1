-- A concrete history against every level of Biswas and Enea: the read-only anomaly of
-- Fekete, O'Neil and O'Neil (2004), with x the checking and y the savings account:
--   [T1: r(x,0) r(y,0) w(x,1)]  [T2: r(y,0) w(y,1)]  [T3: r(x,0) r(y,1)]
-- T3 sees T2's deposit but not T1's withdrawal, although T1 must be serialized before
-- T2 (T1 read y before T2 wrote it). The update transactions alone are serializable
-- (T1; T2); with T3 the history is only Snapshot Isolation. The history is fixed by
-- facts; every command runs without CEGIS.

open isolation

one sig T1, T2, T3 extends Txn {}
one sig x, y extends Obj {}
one sig v1 extends Val {}

fact readOnlyAnomaly {
  reads = T1 -> (x + y) -> v0 + T2 -> y -> v0 + T3 -> (x -> v0 + y -> v1)
  writes = T0 -> (x + y) -> v0 + T1 -> x -> v1 + T2 -> y -> v1
  so = T0 -> (T1 + T2 + T3)
  ro = T1 -> x -> y + T3 -> x -> y
}

run RC for 3 expect 1
run RA for 3 expect 1
run CC for 3 expect 1
run PC for 3 expect 1
run SI for 3 expect 1
run SER for 3 expect 0
run UpdateSer for 3 expect 1
run RAsat for 3 expect 1
run CCsat for 3 expect 1
