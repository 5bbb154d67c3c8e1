-- A singly linked list: one list header, nodes that each carry a value, no cycles, and every
-- node on the list. Values are ordered, so we can ask for sorted lists.
--
-- Shows off: `open util/ordering[Value] as vals`, `one sig`, `lone`/`one` fields, a sig fact
-- using implicit `this` and `@link` (the whole field, since plain `link` there means
-- `this.link`), a receiver fun (`fun List.elems`), `disj[a, b, c]`, the `one` and `no`
-- quantifiers, `all disj`, a quantifier inside `implies` swallowing the rest, `^ *`, `=`,
-- `for N`, `check name`, `run name`, `run { ... }`.

module linkedlist

open util/ordering[Value] as vals

sig Value {}

sig Node {
  link: lone Node,
  val: one Value
} {
  this !in this.^@link
}

one sig List { head: lone Node }

fact everyNodeOnTheList { Node = List.head.*link }

fun List.elems: set Value { this.head.*link.val }

pred sorted { all n: Node | some n.link implies vals/lte[n.val, n.link.val] }

assert acyclicList { no n: Node | n in n.^link }
assert oneTail { some Node implies one n: Node | no n.link }
assert noSharing { all disj a, b: Node | no a.link & b.link }
assert sortedMeansStrict {
  sorted implies all n: Node | some n.link implies vals/lt[n.val, n.link.val]
}

-- The sig fact, read for every node.
check acyclicList expect 0

-- The nodes are exactly those reachable from the head along `link`, which has no cycles and
-- at most one successor per node: a simple path, whose last node alone has no successor.
check oneTail for 4 expect 0

-- On a simple path, different positions have different successors.
check noSharing for 4 expect 0

-- Witness: head a -> b -> c with values v0, v0, v1 (of exactly 3 ordered values).
run sortedWithDuplicates { sorted and some a, b, c: Node | disj[a, b, c] and a.val = b.val } for 3 expect 1

-- Counterexample: two nodes carrying the same value.
check sortedMeansStrict for 3 expect 1

-- Sorted from a head holding the greatest value forces every later value up to it too.
run { sorted and List.head.val = vals/last and some List.elems - vals/last } for 3 expect 0
