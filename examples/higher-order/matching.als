-- Perfect matchings: a graph in which every node has a neighbour but no perfect matching
-- exists (a universal quantifier over relations, solved by CEGIS).
module examples/matching

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

-- m pairs every node with exactly one neighbour, symmetrically
pred perfectMatching[m: Node -> Node] { m in adj and m = ~m and all n: Node | one n.m }

-- The triangle: an odd number of nodes can never be matched.
run oddTriangle {
  (all n: Node | some n.adj) and (all m: Node -> Node | not perfectMatching[m])
} for 3 expect 1

-- The star with three leaves: even, every node has a neighbour, still no matching.
run star {
  (all n: Node | some n.adj) and (no m: Node -> Node | perfectMatching[m])
} for exactly 4 Node expect 1

-- With two nodes, each having a neighbour means one edge, which is a perfect matching.
check twoNodes {
  (all n: Node | some n.adj) implies (some m: Node -> Node | perfectMatching[m])
} for exactly 2 Node expect 0

-- A perfect matching is an involution without fixed points.
check involution { all m: Node -> Node | perfectMatching[m] implies (m.m in iden and no m & iden) } for 4 expect 0
