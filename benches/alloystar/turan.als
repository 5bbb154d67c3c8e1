-- Alloy* benchmark "Turan's theorem" (Milicevic et al., ICSE 2015): a graph on n nodes
-- without a clique of r + 1 nodes has at most as many edges as the Turan graph T(n, r),
-- the complete r-partite graph with parts as equal as possible (at most (1 - 1/r) n^2/2);
-- for r = 2 (Mantel): a triangle-free graph has at most floor(n^2/4) edges. Alloy*
-- states it with integer arithmetic on `#` and reports that its domain-constraint
-- optimisation (`all x when D | B`) matters most here, about tenfold.
--
-- Without integers. Edges are stored in both directions, so counting pairs of `adj`
-- counts each edge twice, and the same on the other side keeps every comparison fair.
-- Instead of the formula for the edges of T(n, r) we use that T(n, r) has the most
-- edges of all complete r-partite graphs on the n nodes (moving a node from a larger part
-- to a part smaller by two or more adds edges). So "|E| <= edges of T(n, r)" is exactly
-- "the edge pairs of the graph inject into the edge pairs of SOME complete r-partite
-- graph on the same nodes": no balance condition, and the bound is attained by the best
-- partition. Pairs are compared with a 4-ary relation f: adj -> K, b.(a.f) being the
-- image of the pair a->b. Then:
--
--  - mantel: triangle-free => some side s and some injection from adj into the complete
--    bipartite graph with sides s and Node - s. mantelBalanced asks for a balanced split
--    as well: a total injection g: s -> Node - s that leaves at most one node of
--    Node - s out of its image says that the sides differ by at most one.
--  - turanK4Free: r = 3 with a first-order hypothesis (no four mutually adjacent nodes);
--    the parts are labelled by a set of at most three nodes (p: Node -> labels).
--  - turan: every r at once. For every maximum clique c (r = |c|, the clique number;
--    "maximum" is said with injections as in max_clique.als) the edge pairs inject into
--    a complete multipartite graph whose parts are labelled by the nodes of c (p: Node ->
--    c, a function; a part may be empty, which only loses edges). The hypothesis
--    `maxClique[c] implies` is Alloy*'s guarded form `all c: set Node when maxClique[c] |
--    ...`, written as an implication since solder has no `when`.
--
-- All are checks of the form "all graphs, some witness"; solder negates them into "some
-- graph, all witnesses", and CEGIS learns from each witness the verifier finds.
-- Tightness is a search: a triangle-free graph with no fewer edge pairs than any
-- complete bipartite graph on its nodes (so it attains floor(n^2/4); on four nodes the
-- square, K(2,2)). Without the hypothesis the bound fails: the triangle has three edges
-- and a complete bipartite graph on three nodes at most two.
--
-- What is hard: refuting an injection is a pigeonhole problem, hard for CDCL SAT
-- solvers, and a lemma about one map teaches the candidate little. The general turan
-- check lets the candidate pick a graph with too many edges for a clique it wrongly
-- believes maximum, and then the verifier must refute the injection: with
-- `--no-count-injections`, turan takes 9 ms on 3 nodes but about 80 s on 4, and the
-- tightness search (which must refute an injection into every split) over 300 s on 5.
-- solder reads these quantifiers as the comparisons of counts they state, so that
-- CEGIS learns count lemmas (`#adj <= #multipartite[p]` for the labelling p it found);
-- see `cargo bench --bench alloystar` for the figures.
module alloystar/turan

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred triangleFree { no a: Node | some a.adj & a.adj.adj }

-- the complete bipartite graph with sides s and Node - s, both directions
fun bipartite[s: set Node]: Node -> Node { (s -> (Node - s)) + ((Node - s) -> s) }

-- the complete multipartite graph in which p gives each node its part
fun multipartite[p: Node -> Node]: Node -> Node { { a, b: Node | a.p != b.p } }

-- f sends every pair of r to one pair of q, no two to the same one
pred pairInjection[f: Node -> Node -> Node -> Node, r, q: Node -> Node] {
  f in r -> q
  all a: Node, b: a.r | one b.(a.f)
  all c: Node, d: c.q | lone (f.d).c
}

-- q has more pairs than r
pred morePairs[q, r: Node -> Node] {
  some f: r -> q | pairInjection[f, r, q] and some q - { c, d: Node | some (f.d).c }
}

pred clique[c: set Node] { all disj a, b: c | a in b.adj }

pred setInjection[g: Node -> Node, a, b: set Node] {
  g in a -> b
  all x: a | one x.g
  all y: b | lone g.y
}

-- d has more nodes than c
pred bigger[d, c: set Node] { some g: c -> d | setInjection[g, c, d] and some d - c.g }

pred maxClique[c: set Node] {
  clique[c]
  all d: set Node | clique[d] implies not bigger[d, c]
}

-- sides s and Node - s differ in size by at most one (s the smaller)
pred balanced[s: set Node] {
  some g: s -> (Node - s) | setInjection[g, s, Node - s] and lone Node - s - s.g
}

-- (b) Mantel: the edges of a triangle-free graph fit into some complete bipartite graph
assert mantel {
  triangleFree implies
    some s: set Node, f: Node -> Node -> Node -> Node | pairInjection[f, adj, bipartite[s]]
}

mantel5: check mantel for 5 expect 0
mantel6: check mantel for 6 expect 0
mantel7: check mantel for 7 expect 0
mantel8: check mantel for 8 expect 0

-- the same with the split required to be balanced, as floor(n^2/4) = floor(n/2) ceil(n/2)
check mantelBalanced {
  triangleFree implies
    some s: set Node, f: Node -> Node -> Node -> Node |
      balanced[s] and pairInjection[f, adj, bipartite[s]]
} for 5 expect 0

-- without the hypothesis: the triangle
check mantelAnyGraph {
  some s: set Node, f: Node -> Node -> Node -> Node | pairInjection[f, adj, bipartite[s]]
} for 3 expect 1

-- Turan for r = 3: no four mutually adjacent nodes => the edges fit into a complete
-- graph with at most three parts, labelled by a set of at most three nodes
assert turanK4Free {
  (no disj a, b, c, d: Node | clique[a + b + c + d]) implies
    some labels: set Node, p: Node -> labels, f: Node -> Node -> Node -> Node |
      (no disj a, b, c, d: labels | a + b + c + d in labels) and
      (all v: Node | one v.p) and pairInjection[f, adj, multipartite[p]]
}

turanK4Free5: check turanK4Free for 5 expect 0
turanK4Free6: check turanK4Free for 6 expect 0
turanK4Free7: check turanK4Free for 7 expect 0
turanK4Free8: check turanK4Free for 8 expect 0

-- Turan for every r at once, r the clique number: parts labelled by a maximum clique
assert turanAll {
  all c: set Node | maxClique[c] implies
    (some p: Node -> c, f: Node -> Node -> Node -> Node |
       (all v: Node | one v.p) and pairInjection[f, adj, multipartite[p]])
}

turan: check turanAll for 3 expect 0
turan4: check turanAll for 4 expect 0
turan5: check turanAll for 5 expect 0
turan6: check turanAll for 6 expect 0
turan7: check turanAll for 7 expect 0
turan8: check turanAll for 8 expect 0

-- with one part fewer than the clique number the bound fails: a single edge does not
-- fit into a graph with one part (and a single node not into one with none)
check turanOnePartShort {
  all c: set Node | maxClique[c] implies
    (some x: c, p: Node -> (c - x), f: Node -> Node -> Node -> Node |
       (all v: Node | one v.p) and pairInjection[f, adj, multipartite[p]])
} for 3 expect 1

-- (a) tightness: a triangle-free graph with no fewer edges than any complete bipartite
-- graph on its nodes, i.e. the extremal graph K(floor(n/2), ceil(n/2))
pred extremal {
  triangleFree
  all s: set Node | not morePairs[bipartite[s], adj]
}

extremal3: run extremal for exactly 3 Node expect 1
extremal4: run extremal for exactly 4 Node expect 1
extremal5: run extremal for exactly 5 Node expect 1
extremal6: run extremal for exactly 6 Node expect 1
extremal7: run extremal for exactly 7 Node expect 1
extremal8: run extremal for exactly 8 Node expect 1
