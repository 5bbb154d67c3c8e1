-- Minimal vertex covers (by inclusion): a cover no proper subset of which is a cover.
module examples/vertex_cover

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

-- every edge has an end in c
pred cover[c: set Node] { all n: Node, m: n.adj | n in c or m in c }

pred minimalCover[c: set Node] {
  cover[c]
  all d: set Node | (cover[d] and d in c) implies d = c
}

-- A graph with edges has a minimal cover.
run someMinimalCover { some c: set Node | minimalCover[c] and some adj } for 4 expect 1

-- The path a-b-c has two incomparable minimal covers, {b} and {a, c}.
run incomparable {
  some c, d: set Node | minimalCover[c] and minimalCover[d] and not d in c and not c in d
} for 3 expect 1

-- Two nodes: the only graphs are an edge (minimal covers {a}, {b}: incomparable!) or none.
run incomparable2 {
  some c, d: set Node | minimalCover[c] and minimalCover[d] and not d in c and not c in d
} for 2 expect 1

-- One node: no edges, the only minimal cover is empty.
run incomparable1 {
  some c, d: set Node | minimalCover[c] and minimalCover[d] and not d in c and not c in d
} for 1 expect 0

-- In a minimal cover every node has a neighbour outside it (else it could go).
check neighbourOutside {
  all c: set Node | minimalCover[c] implies (all n: c | some n.adj - c)
} for 4 expect 0

-- Minimality by inclusion is the same as "no single node can be removed", because
-- covers are closed under supersets.
check singleRemovalSuffices {
  all c: set Node | (cover[c] and (all n: c | not cover[c - n])) implies minimalCover[c]
} for 4 expect 0
