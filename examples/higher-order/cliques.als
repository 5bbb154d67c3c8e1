-- Maximal and maximum cliques of an undirected graph, with quantifiers over sets of
-- nodes and over relations (solved by CEGIS). Without integers, "d is bigger than c" is
-- said with an injection from c into d that misses an element of d.
module examples/cliques

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred clique[c: set Node] { all disj a, b: c | a in b.adj }

-- maximal by inclusion: no clique strictly contains it
pred maximal[c: set Node] {
  clique[c]
  all d: set Node | (clique[d] and c in d) implies d = c
}

-- d has more nodes than c: some injective total map from c into d misses a node of d
pred bigger[d, c: set Node] {
  some f: c -> d | (all x: c | one x.f) and (all y: d | lone f.y) and some d - c.f
}

-- maximum: no clique is bigger
pred maximum[c: set Node] {
  clique[c]
  all d: set Node | clique[d] implies not bigger[d, c]
}

-- A triangle a-b-c plus an edge c-d: {c, d} is maximal but the triangle is bigger.
-- At 3 nodes already: an edge plus an isolated node, whose singleton is maximal.
run maximalNotMaximum { some c: set Node | maximal[c] and not maximum[c] } for 3 expect 1

-- With two nodes every maximal clique is maximum (one edge, or two singletons).
run maximalNotMaximum2 { some c: set Node | maximal[c] and not maximum[c] } for 2 expect 0

-- A maximum clique is maximal: a strict superset clique would be bigger.
check maximumIsMaximal { all c: set Node | maximum[c] implies maximal[c] } for 4 expect 0

-- Every graph has a maximum clique (finite graphs): an exists-forall question per graph.
check someMaximum { some c: set Node | maximum[c] } for 3 expect 0

-- A graph with two maximum cliques that share no node: two disjoint edges.
run twoDisjointMaximum {
  some disj c, d: set Node | maximum[c] and maximum[d] and no c & d and some c
} for 4 expect 1
