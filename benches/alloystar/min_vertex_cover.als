-- Alloy* benchmark "min vertex cover" (Milicevic et al., ICSE 2015, graph problems): find
-- a graph and a smallest set of nodes touching every edge. Alloy* says "no cover has
-- fewer nodes" with `#`; here |d| < |c| is "some total injective f: d -> c misses a node
-- of c", f quantified as a relation, so "c is a minimum cover" is
--     cover[c] and all d: set Node | cover[d] implies
--       (all f: d -> c | not (f is a total injection missing a node of c))
-- (exists-forall, by CEGIS; the guard `cover[d] implies` is Alloy*'s domain constraint).
--
-- Searches: a connected graph on exactly n nodes (n = 3..8) with a minimum cover that
-- holds at most half of the nodes. Checks: the complement of a minimum vertex cover is a
-- maximum independent set and conversely (sizes move in opposite directions under
-- complement, which the solver has to see through the injections), and Koenig's theorem
-- for bipartite graphs, with "the minimum cover is as large as some matching" said as: a
-- matching that touches every cover node and has no edge with both ends in the cover
-- (each matching edge then has exactly one cover end, a bijection between cover and
-- matching). Without bipartiteness Koenig fails: the triangle needs two cover nodes but
-- matches only one edge.
--
-- Scaling (release build, default options): the search takes about 1 s at 10 nodes,
-- mostly re-checking the instance; the checks stay under 2 s at 7 nodes.
module alloystar/min_vertex_cover

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

-- every edge has an end in c
pred cover[c: set Node] { adj in (c -> Node) + (Node -> c) }

pred independent[s: set Node] { no (s -> s) & adj }

pred injection[f: Node -> Node, s, t: set Node] {
  f in s -> t
  all x: s | one x.f
  all y: t | lone f.y
}

-- t has more nodes than s
pred bigger[t, s: set Node] { some f: s -> t | injection[f, s, t] and some t - s.f }

-- c has no more nodes than the rest
pred atMostHalf[c: set Node] { some f: c -> (Node - c) | injection[f, c, Node - c] }

pred minCover[c: set Node] {
  cover[c]
  all d: set Node | cover[d] implies not bigger[c, d]
}

pred maxIndependent[s: set Node] {
  independent[s]
  all t: set Node | independent[t] implies not bigger[t, s]
}

-- two colour classes with every edge between them
pred bipartite {
  some left: set Node | adj in (left -> (Node - left)) + ((Node - left) -> left)
}

-- m is a set of disjoint edges, stored in both directions
pred matching[m: Node -> Node] { m in adj and m = ~m and all n: Node | lone n.m }

-- (a) a connected graph on exactly n nodes and a minimum vertex cover holding at most
-- half of them (some injection from it into the other nodes)
pred smallMinCover { connected and some c: set Node | minCover[c] and atMostHalf[c] }

minCover3: run smallMinCover for exactly 3 Node expect 1
minCover4: run smallMinCover for exactly 4 Node expect 1
minCover5: run smallMinCover for exactly 5 Node expect 1
minCover6: run smallMinCover for exactly 6 Node expect 1
minCover7: run smallMinCover for exactly 7 Node expect 1
minCover8: run smallMinCover for exactly 8 Node expect 1

-- (b) complements of minimum covers are maximum independent sets, and back
check complementIndependent {
  all c: set Node | minCover[c] implies maxIndependent[Node - c]
} for 7 expect 0

check complementCover {
  all s: set Node | maxIndependent[s] implies minCover[Node - s]
} for 5 expect 0

-- Koenig: in a bipartite graph a minimum cover is matched one-to-one by some matching
check koenig {
  all c: set Node | (bipartite and minCover[c]) implies
    (some m: Node -> Node | matching[m] and c in m.Node and no (c -> c) & m)
} for 7 expect 0

-- ... and fails without bipartiteness (the triangle)
check koenigAnyGraph {
  all c: set Node | minCover[c] implies
    (some m: Node -> Node | matching[m] and c in m.Node and no (c -> c) & m)
} for 3 expect 1
