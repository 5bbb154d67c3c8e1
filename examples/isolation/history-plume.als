-- A concrete history against every level of Plume's anomalous patterns: the gap Isolde
-- (Barros et al.) found in the patterns k and l,
--   [T1: r(x,0) w(x,1) → T2: r(x,0)]
-- T2 misses the write of its own session predecessor. With a single object the
-- fractured-read patterns never fire, so Isolde's TapRA allows the history; TAP-o
-- (and TAP-m for causal consistency) forbid it. The history is fixed by facts; every
-- command runs without CEGIS.

open isolation

one sig T1, T2 extends Txn {}
one sig x extends Obj {}
one sig v1 extends Val {}

fact isoldeGap {
  reads = (T1 + T2) -> x -> v0
  writes = T0 -> x -> v0 + T1 -> x -> v1
  so = T0 -> (T1 + T2) + T1 -> T2
  no ro
}

run TapRC for 2 expect 1
run TapRA for 2 expect 1
run TapRAop for 2 expect 0
run TapCC for 2 expect 0
-- Biswas and Enea's Read Atomic agrees with the corrected patterns
run RA for 2 expect 0
