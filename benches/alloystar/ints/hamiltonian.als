-- Alloy* benchmark "Hamiltonian path" (Milicevic et al., ICSE 2015, graph problems):
-- the commands of ../hamiltonian.als that compare sizes, with `#`. Finding a Hamiltonian
-- path, or showing that a graph has none, needs no sizes, and those commands are the
-- same in both encodings (they are only in ../hamiltonian.als). Dirac's theorem (n >= 3
-- nodes, every degree >= n/2 => a Hamiltonian cycle) does: here "deg(v) >= n/2" is
-- #(Node - v.adj) =< #v.adj (v counted among its non-neighbours), first order, where the
-- injection version quantifies over one injection per node. A check is then a graph with
-- the degrees and no Hamiltonian cycle: exists-forall over the successor relation.
-- Bitwidth: counts are at most 9, so `5 Int` (-16..15).
module alloystar/ints/hamiltonian

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

-- p is a single cycle through every node, along edges (three or more nodes)
pred hamCycle[p: Node -> Node] {
  p in adj
  all n: Node | one n.p and Node in n.^p
}

-- every node has at least as many neighbours as non-neighbours (itself counted)
pred diracDegrees { all v: Node | #(Node - v.adj) =< #v.adj }

-- the same bound without counting the node itself
pred weakDegrees { all v: Node | #(Node - v - v.adj) =< #v.adj }

-- Dirac's theorem
assert dirac { (#Node >= 3 and diracDegrees) implies some q: Node -> Node | hamCycle[q] }

dirac5: check dirac for 5 but 5 Int expect 0
dirac7: check dirac for 7 but 5 Int expect 0
dirac9: check dirac for 9 but 5 Int expect 0

-- the weaker bound fails at three nodes (the path a-b-c), holds at exactly four and
-- fails again at five (K(2,3), or two triangles sharing a node)
assert diracWeak { (#Node >= 3 and weakDegrees) implies some q: Node -> Node | hamCycle[q] }

diracWeak3: check diracWeak for 3 but 5 Int expect 1
diracWeak4: check diracWeak for exactly 4 Node, 5 Int expect 0
diracWeak5: check diracWeak for exactly 5 Node, 5 Int expect 1
