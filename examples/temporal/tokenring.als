// A token passed around a ring of nodes; only the holder may use the shared channel.
// Written for solder's temporal examples; each `expect` is the verdict of Alloy 6 (built
// from source, SAT4J), 2026-12-07.

sig Node { succ: one Node }
var sig Holder in Node {}
var sig Sending in Node {}

fact ring { all n: Node | Node in n.^succ }
fact start { one Holder and no Sending }

pred pass { no Sending and Holder' = Holder.succ and Sending' = Sending }
pred startSend { no Sending and Sending' = Holder and Holder' = Holder }
pred endSend { some Sending and no Sending' and Holder' = Holder }
pred stall { Holder' = Holder and Sending' = Sending }

fact behaviour { always (stall or pass or startSend or endSend) }

run roundTrip { #Node = 3 and some n: Holder | eventually (Holder != n and eventually Holder = n) } for 3 but 6 steps expect 1

assert oneToken { always one Holder }
check oneToken for 3 but 10 steps expect 0

assert onlyHolderSends { always Sending in Holder }
check onlyHolderSends for 3 but 10 steps expect 0

// Wrong without fairness: the token can stop moving.
assert everybodyGetsIt { all n: Node | always eventually n in Holder }
check everybodyGetsIt for 3 but 10 steps expect 1

// With a fair token (it always moves again), everybody gets it.
assert everybodyGetsItFairly { (always eventually pass) implies all n: Node | always eventually n in Holder }
check everybodyGetsItFairly for 3 but 10 steps expect 0
