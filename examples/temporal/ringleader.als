// Leader election in a unidirectional ring (Chang-Roberts style): each node sends its own
// identifier clockwise, forwards larger identifiers, drops smaller ones and becomes leader
// when its own identifier returns. Written for solder's temporal examples; each `expect`
// is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

open util/ordering[Station]

sig Station {
  nxt: one Station,
  var pending: set Station
}

var sig Leader in Station {}

fact ring { all s: Station | Station in s.^nxt }

fact start { no pending and no Leader }

pred announce[s: Station] {
  s not in s.nxt.pending
  pending' = pending + s.nxt -> s
  Leader' = Leader
}

pred relay[s: Station, id: Station] {
  id in s.pending
  pending' = pending - s -> id + (gt[id, s] implies s.nxt -> id else none -> none)
  Leader' = Leader
}

pred crown[s: Station] {
  s in s.pending
  Leader' = Leader + s
  pending' = pending - s -> s
}

pred pause { pending' = pending and Leader' = Leader }

fact behaviour {
  always (pause or some s: Station | announce[s] or crown[s] or some id: Station | relay[s, id])
}

// Someone gets elected in a three-station ring.
run elected { #Station = 3 and eventually some Leader } for 3 but 10 steps expect 1

// At most one leader, and it is the largest identifier.
assert unique { always lone Leader }
check unique for 3 but 10 steps expect 0
assert largest { always Leader in last }
check largest for 3 but 10 steps expect 0

// Without fairness nobody has to be elected.
assert progress { eventually some Leader }
check progress for 3 but 10 steps expect 1
