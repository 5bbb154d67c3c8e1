-- Binary search trees: each node has a left and a right child (never the same node), one
-- parent at most, and keys from an ordered set; the tree may be empty.
--
-- Shows off: `open util/ordering[Key] as keys`, `disj` fields (`disj left, right: lone Node`),
-- `lone sig ... extends`, a quantifier with a block body (`all n: Node { ... }`, its lines
-- implicitly AND-ed), the `disj` quantifier, `*` on a union, `-`, `keys/min` on a set,
-- `for N`, `for N but M X`, `run { ... }`, `run name`, `check name`.

module bintree

open util/ordering[Key] as keys

sig Key {}

sig Node {
  disj left, right: lone Node,
  key: Key
}

lone sig Root extends Node {}

fun kids: Node -> Node { left + right }

fact isTree {
  Node in Root.*kids
  no kids.Root
  all n: Node | lone kids.n
}

pred searchTree {
  all n: Node {
    all l: n.left.*kids | keys/lt[l.key, n.key]
    all r: n.right.*kids | keys/gt[r.key, n.key]
  }
}

-- the end of the left spine: where an in-order walk starts
fun leftmost: set Node { Root.*left - left.Node }

pred lopsided { searchTree and some n: Node | some n.left.left and some n.right }

assert distinctKeys { searchTree implies all disj a, b: Node | a.key != b.key }
assert minAtLeftmost { searchTree implies leftmost.key = keys/min[Node.key] }
assert rootIsMin { searchTree and some Node implies Root.key = keys/min[Node.key] }

-- Two distinct nodes: one is below the other (then strictly smaller or larger), or they sit
-- in the left and right subtrees of their lowest common ancestor c (then a < c < b).
check distinctKeys for 4 expect 0

-- Witness: Root with key k1, a left child with k0 and a right child with k2.
run { searchTree and some n: Node | some n.left and some n.right } for 3 expect 1

-- n, n.left, n.left.left and n.right are four distinct nodes, so they need four distinct
-- keys, but the ordering makes exactly 3.
run lopsided for 3 but 4 Node expect 0

-- The node with the least key has no left child (it would be smaller) and cannot be in the
-- right subtree of anything on the left spine, so it ends the left spine.
check minAtLeftmost for 4 expect 0

-- Counterexample: Root with key k1 and a left child with key k0.
check rootIsMin expect 1
