-- Alloy* benchmark "max clique" (Milicevic et al., ICSE 2015, graph problems), with
-- integers: sizes are compared with `#`, as in Alloy*'s own model, where the injection
-- version (../max_clique.als) quantifies over maps. A maximum clique c is
--     clique[c] and all d: set Node | clique[d] implies #d =< #c
-- one existential (the graph, c) over one universal (d): an exists-forall problem that
-- solder solves by CEGIS, each counterexample a bigger clique. The guard
-- `clique[d] implies` is Alloy*'s domain constraint `all d: set Node when clique[d] | ..`.
--
-- The commands and their labels are those of ../max_clique.als (same questions, same
-- scopes), so `cargo bench --bench alloystar` prints the two encodings side by side.
-- Bitwidth: every count is at most the number of nodes (8), so `5 Int` (-16..15) is
-- enough everywhere and nothing wraps around.
module alloystar/ints/max_clique

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

pred clique[c: set Node] { all disj a, b: c | a in b.adj }

pred maxClique[c: set Node] {
  clique[c]
  all d: set Node | clique[d] implies #d =< #c
}

-- maximal by inclusion only
pred maximalClique[c: set Node] {
  clique[c]
  all d: set Node | (clique[d] and c in d) implies d = c
}

-- (a) a connected graph on exactly n nodes and a maximum clique holding at most half of
-- them. None on three nodes: a connected graph there has an edge, two nodes against one.
pred smallMaxClique { connected and some c: set Node | maxClique[c] and #c =< #(Node - c) }

maxClique3: run smallMaxClique for exactly 3 Node, 5 Int expect 0
maxClique4: run smallMaxClique for exactly 4 Node, 5 Int expect 1
maxClique5: run smallMaxClique for exactly 5 Node, 5 Int expect 1
maxClique6: run smallMaxClique for exactly 6 Node, 5 Int expect 1
maxClique7: run smallMaxClique for exactly 7 Node, 5 Int expect 1
maxClique8: run smallMaxClique for exactly 8 Node, 5 Int expect 1

-- a connected graph with a maximum clique and, disjoint from it, a maximal clique that
-- is not maximum: the maximum clique has three nodes or more and the other one two more
-- (a triangle a-b-c and a path c-d-e); on four nodes there is none
run maximalBesideMaximum {
  connected
  some c, d: set Node | maxClique[c] and maximalClique[d] and not maxClique[d] and no c & d
} for 5 but 5 Int expect 1

run maximalBesideMaximum4 {
  connected
  some c, d: set Node | maxClique[c] and maximalClique[d] and not maxClique[d] and no c & d
} for 4 but 5 Int expect 0

-- (b) a maximum clique is maximal
check maximumIsMaximal {
  all c: set Node | maxClique[c] implies maximalClique[c]
} for 5 but 5 Int expect 0

-- any two maximum cliques have the same size
check maximumSameSize {
  all c, d: set Node | (maxClique[c] and maxClique[d]) implies #c = #d
} for 6 but 5 Int expect 0

-- the converse of maximumIsMaximal fails: an edge plus an isolated node
check maximalIsMaximum {
  all c: set Node | maximalClique[c] implies maxClique[c]
} for 3 but 5 Int expect 1
