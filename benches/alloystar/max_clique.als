-- Alloy* benchmark "max clique" (Milicevic et al., ICSE 2015, graph problems): find a
-- graph together with a clique of largest size. Alloy*'s model says "no clique has more
-- nodes" with `#`; solder has no integers, so sizes are compared with maps quantified
-- as relations: |c| < |d| iff some total injective f: c -> d misses a node of d.
-- A maximum clique c is then
--     clique[c] and all d: set Node | clique[d] implies (all f: c -> d | not (f is a
--     total injection that misses some node of d))
-- one existential (the graph, c) over two universals (d, f): an exists-forall problem
-- that solder solves by CEGIS. The guard `clique[d] implies ...` is Alloy*'s domain
-- constraint (`all d: set Node when clique[d] | ...`) written out.
--
-- The searches ask for a connected graph on exactly n nodes whose maximum clique holds
-- at most half of the nodes (so the graph is not a big clique with a tail); the checks
-- are properties every maximum clique has.
--
-- Scaling (release build, default options): the search stays near 1-2 s up to 12 nodes,
-- nearly all of it the evaluator's re-check of the instance (the solving itself takes
-- milliseconds); maximumSameSize takes about 1 s at 6 nodes and 5 s at 7.
module alloystar/max_clique

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

pred clique[c: set Node] { all disj a, b: c | a in b.adj }

-- f maps every node of c to one node of d, and no two to the same one
pred injection[f: Node -> Node, c, d: set Node] {
  f in c -> d
  all x: c | one x.f
  all y: d | lone f.y
}

-- d has more nodes than c
pred bigger[d, c: set Node] { some f: c -> d | injection[f, c, d] and some d - c.f }

-- c has no more nodes than the rest
pred atMostHalf[c: set Node] { some f: c -> (Node - c) | injection[f, c, Node - c] }

-- c and d have the same number of nodes
pred sameSize[c, d: set Node] { some f: c -> d | injection[f, c, d] and d = c.f }

pred maxClique[c: set Node] {
  clique[c]
  all d: set Node | clique[d] implies not bigger[d, c]
}

-- maximal by inclusion only
pred maximalClique[c: set Node] {
  clique[c]
  all d: set Node | (clique[d] and c in d) implies d = c
}

-- (a) a connected graph on exactly n nodes and a maximum clique holding at most half of
-- them (some injection from the clique into the other nodes). None on three nodes: a
-- connected graph there has an edge, two nodes against one.
pred smallMaxClique { connected and some c: set Node | maxClique[c] and atMostHalf[c] }

maxClique3: run smallMaxClique for exactly 3 Node expect 0
maxClique4: run smallMaxClique for exactly 4 Node expect 1
maxClique5: run smallMaxClique for exactly 5 Node expect 1
maxClique6: run smallMaxClique for exactly 6 Node expect 1
maxClique7: run smallMaxClique for exactly 7 Node expect 1
maxClique8: run smallMaxClique for exactly 8 Node expect 1

-- a connected graph with a maximum clique and, disjoint from it, a maximal clique that
-- is not maximum: in a connected graph on two or more nodes every maximal clique has an
-- edge, so the maximum clique has three nodes or more and the other one two more (a
-- triangle a-b-c and a path c-d-e); on four nodes there is none
run maximalBesideMaximum {
  connected
  some c, d: set Node | maxClique[c] and maximalClique[d] and not maxClique[d] and no c & d
} for 5 expect 1

run maximalBesideMaximum4 {
  connected
  some c, d: set Node | maxClique[c] and maximalClique[d] and not maxClique[d] and no c & d
} for 4 expect 0

-- (b) a maximum clique is maximal: a strictly larger clique containing it is bigger
check maximumIsMaximal {
  all c: set Node | maxClique[c] implies maximalClique[c]
} for 5 expect 0

-- any two maximum cliques have the same size (a bijection between them exists)
check maximumSameSize {
  all c, d: set Node | (maxClique[c] and maxClique[d]) implies sameSize[c, d]
} for 6 expect 0

-- the converse of maximumIsMaximal fails: an edge plus an isolated node, whose
-- singleton is maximal but smaller than the edge
check maximalIsMaximum {
  all c: set Node | maximalClique[c] implies maxClique[c]
} for 3 expect 1
