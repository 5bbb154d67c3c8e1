// A bounded first-in first-out mail queue holding at most two messages; `ahead` records
// which queued message was posted before which. Written for solder's temporal examples;
// each `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Msg { var ahead: set Msg }
var sig Queued in Msg {}
var sig Delivered in Msg {}

fact start { no Queued and no Delivered and no ahead }

pred post[m: Msg] {
  m not in Queued + Delivered
  #Queued < 2
  Queued' = Queued + m
  ahead' = ahead + Queued -> m
  Delivered' = Delivered
}
pred deliver[m: Msg] {
  m in Queued and no ahead.m
  Queued' = Queued - m
  Delivered' = Delivered + m
  ahead' = ahead - m -> Msg
}
pred idle { Queued' = Queued and Delivered' = Delivered and ahead' = ahead }

fact behaviour { always (idle or some m: Msg | post[m] or deliver[m]) }

run fillAndDrain { eventually (#Queued = 2 and eventually (no Queued and #Delivered = 2)) } for 3 but 6 steps expect 1

assert bounded { always #Queued <= 2 }
check bounded for 3 but 8 steps expect 0

// First in, first out: while an earlier message waits, a later one is not delivered.
assert orderedDelivery { always all disj a, b: Msg | (a in Queued and deliver[b]) implies (once post[b]) and not (once (post[b] and once post[a])) }
check orderedDelivery for 3 but 6 steps expect 0

// Delivered messages were queued first.
assert queuedBeforeDelivered { always all m: Delivered | once (m in Queued) }
check queuedBeforeDelivered for 3 but 8 steps expect 0

// Wrong: the queue need not drain.
assert drains { always (some Queued implies eventually no Queued) }
check drains for 3 but 8 steps expect 1
