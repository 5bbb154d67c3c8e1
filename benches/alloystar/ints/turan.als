-- Alloy* benchmark "Turan's theorem" (Milicevic et al., ICSE 2015), with integers, as
-- Alloy* states it: a graph on n nodes without a clique of r + 1 nodes has at most as
-- many edges as the Turan graph T(n, r), the complete r-partite graph with parts as equal
-- as possible. With q = n div r and s = n rem r, T(n, r) has s parts of q + 1 nodes and
-- r - s parts of q nodes, so twice its edges are
--     n^2 - s (q + 1)^2 - (r - s) q^2
-- (the ordered pairs of distinct nodes in different parts). Edges are stored in both
-- directions, so #adj is twice the number of edges and is compared with that directly.
-- For r = 2 (Mantel) the bound is floor(n^2 / 4) edges. The injection version is
-- ../turan.als; the labels are the same where the questions are.
--
--  - mantel: triangle-free => #edges =< n^2 div 4. First order: the negation is one SAT
--    problem with a cardinality circuit.
--  - mantelBalanced: triangle-free => some split into sides differing by at most one
--    node whose complete bipartite graph has at least as many edges (exists-forall
--    after negation: the candidate graph against every split).
--  - turanK4Free: r = 3 with a first-order hypothesis (no four mutually adjacent nodes).
--  - turan: every r at once, r = #c for a maximum clique c (the clique number). The
--    hypothesis `maxClique[c] implies` is Alloy*'s guarded form `all c: set Node when
--    maxClique[c] | ...`, written as an implication since solder has no `when`; its
--    negation asks for a graph, a clique c and no bigger clique (a universal over sets):
--    exists-forall, by CEGIS, each counterexample a bigger clique.
--  - turanSome: the same with Alloy*'s existential phrasing, "some maximum clique c
--    with #edges =< t(n, #c)"; exists-forall-exists after negation (nested CEGIS).
--  - extremal: tightness, a triangle-free graph with no fewer edges than any complete
--    bipartite graph on its nodes (exists-forall), i.e. K(floor(n/2), ceil(n/2)).
--
-- Bitwidth: n^2 is 64 at 8 nodes and #adj at most 56, so `8 Int` (-128..127, the
-- largest bitwidth solder allows) for every command; no intermediate value of the
-- formulas below exceeds 81 ((q + 1)^2 for r = 1, q = 8).
--
-- The checks run at 5-8 nodes (the issue's target: Turan at 8 nodes in about 10 s).
-- Scaling (release build, default options): turan8 about 0.2 s (50 candidates, each
-- counterexample a bigger clique), turanSome8 about 0.8 s (130 candidates), mantel8 and
-- turanK4Free8 well under 0.1 s, extremal8 10 ms. The injection version does not finish
-- turan at 4 nodes in 5 minutes (varisat verifiers; 4 s with CaDiCaL verifiers, which
-- time out at 5 nodes).
module alloystar/ints/turan

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred triangleFree { no a: Node | some a.adj & a.adj.adj }

pred clique[c: set Node] { all disj a, b: c | a in b.adj }

pred maxClique[c: set Node] {
  clique[c]
  all d: set Node | clique[d] implies #d =< #c
}

fun sq[x: Int]: Int { mul[x, x] }

-- twice the number of edges of the Turan graph T(n, r), for r > 0
fun turanPairs[n, r: Int]: Int {
  let q = div[n, r], s = rem[n, r] |
    minus[minus[sq[n], mul[s, sq[plus[q, 1]]]], mul[minus[r, s], sq[q]]]
}

-- a graph on n nodes with this many edge pairs has no more edges than T(n, r); with no
-- parts (r = 0: a maximum clique is empty only when there are no nodes, and has one node
-- only when there are no edges) there is nothing to bound
pred turanBound[pairs, n, r: Int] { r = 0 or pairs =< turanPairs[n, r] }

-- (b) Mantel: a triangle-free graph has at most floor(n^2/4) edges
assert mantel {
  triangleFree implies div[#adj, 2] =< div[sq[#Node], 4]
}

mantel5: check mantel for 5 but 8 Int expect 0
mantel6: check mantel for 6 but 8 Int expect 0
mantel7: check mantel for 7 but 8 Int expect 0
mantel8: check mantel for 8 but 8 Int expect 0

-- the same with a balanced split whose complete bipartite graph has as many edges
check mantelBalanced {
  triangleFree implies
    some s: set Node | #s =< #(Node - s) and #(Node - s) =< plus[#s, 1] and
      div[#adj, 2] =< mul[#s, #(Node - s)]
} for 5 but 8 Int expect 0

-- without the hypothesis: the triangle (3 edges, floor(9/4) = 2)
check mantelAnyGraph {
  div[#adj, 2] =< div[sq[#Node], 4]
} for 3 but 8 Int expect 1

-- Turan for r = 3: no four mutually adjacent nodes => at most t(n, 3) edges
assert turanK4Free {
  (no disj a, b, c, d: Node | clique[a + b + c + d]) implies turanBound[#adj, #Node, 3]
}

turanK4Free5: check turanK4Free for 5 but 8 Int expect 0
turanK4Free6: check turanK4Free for 6 but 8 Int expect 0
turanK4Free7: check turanK4Free for 7 but 8 Int expect 0
turanK4Free8: check turanK4Free for 8 but 8 Int expect 0

-- Turan for every r at once, r the clique number
assert turanAll {
  all c: set Node | maxClique[c] implies turanBound[#adj, #Node, #c]
}

turan: check turanAll for 3 but 8 Int expect 0
turan4: check turanAll for 4 but 8 Int expect 0
turan5: check turanAll for 5 but 8 Int expect 0
turan6: check turanAll for 6 but 8 Int expect 0
turan7: check turanAll for 7 but 8 Int expect 0
turan8: check turanAll for 8 but 8 Int expect 0

-- the same as Alloy*'s model says it: SOME maximum clique c bounds the edges (Alloy*:
-- `some mClq: set Node when maxClique[edges, mClq] | ...`). Equivalent, as a maximum
-- clique exists and all have the same size, but harder: the negation is "a graph in which
-- every c is not a maximum clique or breaks the bound", exists-forall-exists, and the
-- verifier of each candidate graph is itself a CEGIS loop (find a c that is a clique
-- within the bound, against every bigger clique)
assert turanSome {
  some c: set Node | maxClique[c] and turanBound[#adj, #Node, #c]
}

turanSome4: check turanSome for 4 but 8 Int expect 0
turanSome5: check turanSome for 5 but 8 Int expect 0
turanSome6: check turanSome for 6 but 8 Int expect 0
turanSome7: check turanSome for 7 but 8 Int expect 0
turanSome8: check turanSome for 8 but 8 Int expect 0

-- with one part fewer than the clique number the bound fails: a single edge (r = 2,
-- and T(2, 1) has no edge)
check turanOnePartShort {
  all c: set Node | maxClique[c] implies turanBound[#adj, #Node, minus[#c, 1]]
} for 3 but 8 Int expect 1

-- (a) tightness: a triangle-free graph with no fewer edges than any complete bipartite
-- graph on its nodes
pred extremal {
  triangleFree
  all s: set Node | mul[#s, #(Node - s)] =< div[#adj, 2]
}

extremal3: run extremal for exactly 3 Node, 8 Int expect 1
extremal4: run extremal for exactly 4 Node, 8 Int expect 1
extremal5: run extremal for exactly 5 Node, 8 Int expect 1
extremal6: run extremal for exactly 6 Node, 8 Int expect 1
extremal7: run extremal for exactly 7 Node, 8 Int expect 1
extremal8: run extremal for exactly 8 Node, 8 Int expect 1
