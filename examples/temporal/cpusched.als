// A single-core scheduler: processes are ready, running or blocked on I/O; at most one
// runs, it can be preempted or block, and blocked ones wake up to ready. Processes are
// created and terminate, so the set of processes itself varies. Written for solder's
// temporal examples; each `expect` is the verdict of Alloy 6 (built from source, SAT4J),
// 2026-12-07.

sig Pid {}
var sig Alive in Pid {}
var sig Running in Alive {}
var sig Blocked in Alive {}

fact start { no Alive }

fun ready: set Pid { Alive - Running - Blocked }

pred spawn[p: Pid] { p not in Alive and Alive' = Alive + p and Running' = Running and Blocked' = Blocked }
pred dispatch[p: Pid] { no Running and p in ready and Running' = p and Alive' = Alive and Blocked' = Blocked }
pred preempt { some Running and no Running' and Alive' = Alive and Blocked' = Blocked }
pred waitIO { some Running and no Running' and Blocked' = Blocked + Running and Alive' = Alive }
pred wake[p: Pid] { p in Blocked and Blocked' = Blocked - p and Running' = Running and Alive' = Alive }
pred exit { some Running and no Running' and Alive' = Alive - Running and Blocked' = Blocked }
pred tick { Alive' = Alive and Running' = Running and Blocked' = Blocked }

fact behaviour { always (tick or preempt or waitIO or exit or some p: Pid | spawn[p] or dispatch[p] or wake[p]) }

run lifeCycle { some p: Pid | eventually (p in Blocked and eventually (p in Running and eventually p not in Alive)) } for 2 but 8 steps expect 1

assert singleCore { always lone Running }
check singleCore for 3 but 8 steps expect 0

assert notBlockedAndRunning { always no Running & Blocked }
check notBlockedAndRunning for 3 but 8 steps expect 0

// A process runs only after it was spawned and dispatched.
assert ranAfterDispatch { always all p: Running | once dispatch[p] and once spawn[p] }
check ranAfterDispatch for 3 but 8 steps expect 0

// Wrong: a process that terminated can be spawned again, because pids are reused.
assert pidsNotReused { always all p: Pid | (p in Alive and after p not in Alive) implies after always p not in Alive }
check pidsNotReused for 2 but 8 steps expect 1
