-- Sequences: a bounded print queue. `jobs: seq Job` is a relation from the indices
-- 0, 1, ..., #jobs-1 (integers of `seq/Int`) to jobs, without gaps; the scope `N seq`
-- bounds its length (by default the overall scope, at most the largest integer).
--
-- Shows off: a `seq` field, `s[i]`, `#s`, the sequence functions (`add`, `first`,
-- `rest`, `last`, `hasDups`, `insert`, `delete`, `idxOf`) in both call forms, and what
-- happens at the length limit.

sig Job {}
sig Queue { jobs: seq Job }

pred enqueue[q, q2: Queue, j: Job] { q2.jobs = q.jobs.add[j] }
pred dequeue[q, q2: Queue, j: Job] {
  some q.jobs
  j = q.jobs.first
  q2.jobs = rest[q.jobs]
}

-- Two jobs go in and come out in the same order.
run inAndOut {
  some disj q0, q1, q2, q3, q4: Queue, a, b: Job {
    no q0.jobs
    enqueue[q0, q1, a] and enqueue[q1, q2, b]
    dequeue[q2, q3, a] and dequeue[q3, q4, b]
    a != b
  }
} for 5 but 2 Job expect 1

assert firstInFirstOut {
  all q0, q1, q2: Queue, a, b: Job |
    no q0.jobs and enqueue[q0, q1, a] and enqueue[q1, q2, b] => q2.jobs.first = a and q2.jobs.last = b
}
check firstInFirstOut for 4 expect 0

-- A full queue ignores `add`: enqueueing does not always make the queue longer.
assert enqueueGrows {
  all q, q2: Queue, j: Job | enqueue[q, q2, j] => #q2.jobs = plus[#q.jobs, 1]
}
check enqueueGrows for 3 expect 1
check enqueueGrowsBelowTheLimit {
  all q, q2: Queue, j: Job | enqueue[q, q2, j] and #q.jobs < 3 => #q2.jobs = plus[#q.jobs, 1]
} for 3 expect 0

-- Inserting and deleting at the same index restores the queue, unless the queue was full
-- (its last job fell off).
check insertThenDelete {
  all q: Queue, i: q.jobs.inds, j: Job | q.jobs.insert[i, j].delete[i] = q.jobs
} for 3 expect 1
check insertThenDeleteBelowTheLimit {
  all q: Queue, i: q.jobs.inds, j: Job | #q.jobs < 3 => q.jobs.insert[i, j].delete[i] = q.jobs
} for 3 expect 0

-- A job queued twice: its first index is before its last one.
run queuedTwice {
  some q: Queue, j: Job | q.jobs.hasDups and q.jobs.idxOf[j] != q.jobs.lastIdxOf[j]
} for 3 expect 1
