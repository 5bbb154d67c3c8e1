// Flooding a rumour through a network: an informed node may tell any neighbour. Whether
// everybody learns it depends on connectivity and on fairness. Written for solder's
// temporal examples; each `expect` is the verdict of Alloy 6 (built from source, SAT4J),
// 2026-12-07.

sig Peer { link: set Peer }
one sig Origin extends Peer {}
var sig Knows in Peer {}

fact symmetric { link = ~link and no iden & link }
fact start { Knows = Origin }

pred tell[a, b: Peer] {
  a in Knows and b in a.link - Knows
  Knows' = Knows + b
}
pred quiet { Knows' = Knows }

fact behaviour { always (quiet or some a, b: Peer | tell[a, b]) }

pred connected { Peer in Origin.*link }

run everybody { connected and #Peer = 3 and eventually Knows = Peer } for 3 but 4 steps expect 1

assert onlyGrows { always Knows in Knows' }
check onlyGrows for 3 but 8 steps expect 0

assert knowledgeHasASource { always all p: Knows - Origin | once some a: Peer | tell[a, p] }
check knowledgeHasASource for 3 but 8 steps expect 0

// Without fairness the rumour can stall.
assert spreads { connected implies eventually Knows = Peer }
check spreads for 3 but 8 steps expect 1

// With weak fairness of every telling, it reaches everybody.
assert spreadsFairly {
  (connected and all a, b: Peer | (eventually always (a in Knows and b in a.link - Knows)) implies (always eventually tell[a, b]))
    implies eventually Knows = Peer
}
check spreadsFairly for 3 but 8 steps expect 0
