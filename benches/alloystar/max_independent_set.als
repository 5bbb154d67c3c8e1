-- Alloy* benchmark "max independent set" (Milicevic et al., ICSE 2015, graph problems):
-- find a graph and a largest set of pairwise non-adjacent nodes. Alloy* compares sizes
-- with `#`; here |s| < |t| is "some total injective f: s -> t misses a node of t", with
-- f quantified as a relation, so "s is maximum" is
--     independent[s] and all t: set Node | independent[t] implies
--       (all f: s -> t | not (f is a total injection missing a node of t))
-- (exists-forall, solved by CEGIS; `independent[t] implies` is Alloy*'s domain
-- constraint `all t when independent[t]` written out).
--
-- Searches: a connected graph on exactly n nodes (n = 3..8) with a maximum independent
-- set that holds at least half of the nodes, and a graph with a maximal independent set
-- smaller than a maximum one. Checks: a maximum independent set is maximal and
-- dominates the graph, and it is exactly a maximum clique of the complement graph (the
-- clique side is written for any edge relation, so the two optimisation problems are
-- stated independently).
--
-- Scaling (release build, default options): the search takes about 1 s at 10 nodes,
-- mostly re-checking the instance; complementClique about 1 s at 6 nodes and 5 s at 7.
module alloystar/max_independent_set

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

pred independent[s: set Node] { no (s -> s) & adj }

pred injection[f: Node -> Node, s, t: set Node] {
  f in s -> t
  all x: s | one x.f
  all y: t | lone f.y
}

-- t has more nodes than s
pred bigger[t, s: set Node] { some f: s -> t | injection[f, s, t] and some t - s.f }

-- s has no fewer nodes than the rest
pred atLeastHalf[s: set Node] { some f: (Node - s) -> s | injection[f, Node - s, s] }

pred maxIndependent[s: set Node] {
  independent[s]
  all t: set Node | independent[t] implies not bigger[t, s]
}

pred maximalIndependent[s: set Node] {
  independent[s]
  all n: Node - s | not independent[s + n]
}

-- cliques of an arbitrary edge relation g
pred cliqueOf[g: Node -> Node, c: set Node] { all disj a, b: c | a -> b in g }

pred maxCliqueOf[g: Node -> Node, c: set Node] {
  cliqueOf[g, c]
  all d: set Node | cliqueOf[g, d] implies not bigger[d, c]
}

-- (a) a connected graph on exactly n nodes and a maximum independent set holding at
-- least half of them (some injection from the other nodes into it)
pred largeMaxIndependent {
  connected
  some s: set Node | maxIndependent[s] and atLeastHalf[s]
}

maxIndependent3: run largeMaxIndependent for exactly 3 Node expect 1
maxIndependent4: run largeMaxIndependent for exactly 4 Node expect 1
maxIndependent5: run largeMaxIndependent for exactly 5 Node expect 1
maxIndependent6: run largeMaxIndependent for exactly 6 Node expect 1
maxIndependent7: run largeMaxIndependent for exactly 7 Node expect 1
maxIndependent8: run largeMaxIndependent for exactly 8 Node expect 1

-- a maximum independent set next to a smaller maximal one: the star with two leaves
-- (the path a-b-c: {a, c} is maximum, {b} maximal); none with two nodes
run greedyFails {
  some s, t: set Node | maxIndependent[s] and maximalIndependent[t] and bigger[s, t]
} for 3 expect 1

run greedyFails2 {
  some s, t: set Node | maxIndependent[s] and maximalIndependent[t] and bigger[s, t]
} for 2 expect 0

-- (b) a maximum independent set is maximal, and so every other node has a neighbour in it
check maximumIsMaximal {
  all s: set Node | maxIndependent[s] implies maximalIndependent[s]
} for 5 expect 0

check maximumDominates {
  all s: set Node | maxIndependent[s] implies (all n: Node - s | some n.adj & s)
} for 6 expect 0

-- independent sets of the graph are the cliques of its complement, maximum for maximum
check complementClique {
  all s: set Node | maxIndependent[s] iff maxCliqueOf[(Node -> Node) - adj - iden, s]
} for 6 expect 0
