-- Alloy* benchmark "max independent set" (Milicevic et al., ICSE 2015, graph problems),
-- with integers: sizes are compared with `#` as in Alloy*'s model (the injection version
-- is ../max_independent_set.als). "s is maximum" is
--     independent[s] and all t: set Node | independent[t] implies #t =< #s
-- (exists-forall, solved by CEGIS; `independent[t] implies` is Alloy*'s domain
-- constraint `all t when independent[t]` written out).
--
-- The commands and labels are those of ../max_independent_set.als. Bitwidth: every
-- count is at most the number of nodes (8), so `5 Int` (-16..15) everywhere.
module alloystar/ints/max_independent_set

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

pred independent[s: set Node] { no (s -> s) & adj }

pred maxIndependent[s: set Node] {
  independent[s]
  all t: set Node | independent[t] implies #t =< #s
}

pred maximalIndependent[s: set Node] {
  independent[s]
  all n: Node - s | not independent[s + n]
}

-- cliques of an arbitrary edge relation g
pred cliqueOf[g: Node -> Node, c: set Node] { all disj a, b: c | a -> b in g }

pred maxCliqueOf[g: Node -> Node, c: set Node] {
  cliqueOf[g, c]
  all d: set Node | cliqueOf[g, d] implies #d =< #c
}

-- (a) a connected graph on exactly n nodes and a maximum independent set holding at
-- least half of them
pred largeMaxIndependent {
  connected
  some s: set Node | maxIndependent[s] and #(Node - s) =< #s
}

maxIndependent3: run largeMaxIndependent for exactly 3 Node, 5 Int expect 1
maxIndependent4: run largeMaxIndependent for exactly 4 Node, 5 Int expect 1
maxIndependent5: run largeMaxIndependent for exactly 5 Node, 5 Int expect 1
maxIndependent6: run largeMaxIndependent for exactly 6 Node, 5 Int expect 1
maxIndependent7: run largeMaxIndependent for exactly 7 Node, 5 Int expect 1
maxIndependent8: run largeMaxIndependent for exactly 8 Node, 5 Int expect 1

-- a maximum independent set next to a smaller maximal one: the path a-b-c ({a, c} is
-- maximum, {b} maximal); none with two nodes
run greedyFails {
  some s, t: set Node | maxIndependent[s] and maximalIndependent[t] and #t < #s
} for 3 but 5 Int expect 1

run greedyFails2 {
  some s, t: set Node | maxIndependent[s] and maximalIndependent[t] and #t < #s
} for 2 but 5 Int expect 0

-- (b) a maximum independent set is maximal, and so every other node has a neighbour in it
check maximumIsMaximal {
  all s: set Node | maxIndependent[s] implies maximalIndependent[s]
} for 5 but 5 Int expect 0

check maximumDominates {
  all s: set Node | maxIndependent[s] implies (all n: Node - s | some n.adj & s)
} for 6 but 5 Int expect 0

-- independent sets of the graph are the cliques of its complement, maximum for maximum
check complementClique {
  all s: set Node | maxIndependent[s] iff maxCliqueOf[(Node -> Node) - adj - iden, s]
} for 6 but 5 Int expect 0
