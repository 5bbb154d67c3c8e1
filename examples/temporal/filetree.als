// A directory tree whose objects can be moved between directories. A careful file system
// refuses to move a folder into itself or below itself; a sloppy one (present when the
// `Sloppy` atom exists) does not check. Written for solder's temporal examples; each
// `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

abstract sig Node { var up: lone Folder }
sig Folder extends Node {}
sig Doc extends Node {}
one sig Top extends Folder {}
lone sig Sloppy {}

fun below[n: Node]: set Node { n.^~up }

pred tree { no Top.up and all n: Node - Top | one n.up and Top in n.^up }

fact start { tree }

pred relocate[n: Node, f: Folder] {
  n != Top
  no Sloppy implies f not in n + below[n]
  up' = up ++ n -> f
}

pred rest { up' = up }

fact behaviour { always (rest or some n: Node, f: Folder | relocate[n, f]) }

// Starting flat, a document ends up two folders below the top.
run deep { (Node - Top).up = Top and eventually (some d: Doc | d.up.up.up = Top) } for 4 but 5 steps expect 1

// Careful moves keep the tree a tree.
assert staysTree { no Sloppy implies always tree }
check staysTree for 4 but 6 steps expect 0

// The top folder never gets a parent, careful or not.
assert topStaysTop { always no Top.up }
check topStaysTop for 4 but 6 steps expect 0

// Seeded bug: sloppy moves can create a cycle.
assert sloppyStaysTree { always tree }
check sloppyStaysTree for 4 but 6 steps expect 1
