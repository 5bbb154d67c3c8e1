-- Alloy* benchmark "Hamiltonian path" (Milicevic et al., ICSE 2015, graph problems): a
-- path through the graph visiting every node once. Finding one is first order after
-- skolemization (the path is an existential relation); the higher-order questions are
-- the negative ones, "this graph has no Hamiltonian path/cycle", which quantify over all
-- successor relations. The problem itself needs no sizes; the integer-free comparison
-- appears in Dirac's theorem (n >= 3 nodes, every degree >= n/2 => a Hamiltonian cycle):
-- deg(v) >= n/2 iff deg(v) >= n - deg(v), i.e. iff the nodes that are not neighbours of
-- v (v included) inject into the neighbours of v. One ternary relation h carries the
-- injection of every node (v.h is the one for v).
--
-- Searches: a graph with a Hamiltonian path at exactly n nodes (first order), a connected
-- graph with no Hamiltonian path (the star with three leaves, none below four nodes), and
-- a graph with a Hamiltonian path but no Hamiltonian cycle. Checks: Dirac's theorem, and
-- that its bound is sharp: with "deg(v) >= (n - 1)/2" (v left out of the non-neighbours)
-- it fails at three nodes (a path) and at five (K(2,3)), though not at exactly four.
--
-- Scaling (release build, default options): dirac takes about 0.6 s at 9 nodes and 3 s
-- at 10; the searches stay well under a second at 10 nodes.
module alloystar/hamiltonian

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

-- p is a successor relation along edges that starts somewhere and reaches every node
pred hamPath[p: Node -> Node] {
  p in adj
  all n: Node | lone n.p and lone p.n
  some first: Node - Node.p | Node in first.*p
}

-- p is a single cycle through every node, along edges (three or more nodes)
pred hamCycle[p: Node -> Node] {
  p in adj
  all n: Node | one n.p and Node in n.^p
}

pred injection[f: Node -> Node, a, b: set Node] {
  f in a -> b
  all x: a | one x.f
  all y: b | lone f.y
}

pred atLeastThree { some disj a, b: Node | some Node - a - b }

-- every node has at least as many neighbours as non-neighbours (itself counted)
pred diracDegrees {
  some h: Node -> Node -> Node | all v: Node | injection[v.h, Node - v.adj, v.adj]
}

-- the same bound without counting the node itself
pred weakDegrees {
  some h: Node -> Node -> Node | all v: Node | injection[v.h, Node - v - v.adj, v.adj]
}

-- (a) graphs with a Hamiltonian path, not complete (first order after skolemization)
pred incompleteWithPath {
  some p: Node -> Node | hamPath[p]
  some (Node -> Node) - iden - adj
}

hamPath4: run incompleteWithPath for exactly 4 Node expect 1
hamPath6: run incompleteWithPath for exactly 6 Node expect 1
hamPath8: run incompleteWithPath for exactly 8 Node expect 1

-- a connected graph without a Hamiltonian path (exists-forall); none on three nodes or
-- fewer, the star with three leaves on four
pred connectedWithoutPath {
  some Node and connected
  all p: Node -> Node | not hamPath[p]
}

noHamPath3: run connectedWithoutPath for 3 expect 0
noHamPath4: run connectedWithoutPath for exactly 4 Node expect 1
noHamPath5: run connectedWithoutPath for exactly 5 Node expect 1
noHamPath6: run connectedWithoutPath for exactly 6 Node expect 1
noHamPath8: run connectedWithoutPath for exactly 8 Node expect 1

-- a Hamiltonian path that cannot be closed into a Hamiltonian cycle
run pathNotCycle {
  atLeastThree
  some p: Node -> Node | hamPath[p]
  all q: Node -> Node | not hamCycle[q]
} for exactly 5 Node expect 1

-- (b) Dirac's theorem
assert dirac { (atLeastThree and diracDegrees) implies some q: Node -> Node | hamCycle[q] }

dirac5: check dirac for 5 expect 0
dirac7: check dirac for 7 expect 0
dirac9: check dirac for 9 expect 0

-- the weaker bound fails at three nodes (the path a-b-c), holds at exactly four (every
-- graph there with all degrees >= 2 has a Hamiltonian cycle) and fails again at five
-- (K(2,3), or two triangles sharing a node)
assert diracWeak {
  (atLeastThree and weakDegrees) implies some q: Node -> Node | hamCycle[q]
}

diracWeak3: check diracWeak for 3 expect 1
diracWeak4: check diracWeak for exactly 4 Node expect 0
diracWeak5: check diracWeak for exactly 5 Node expect 1
