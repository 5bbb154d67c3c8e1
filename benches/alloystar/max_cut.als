-- Alloy* benchmark "max cut" (Milicevic et al., ICSE 2015, graph problems): find a graph
-- and a split of its nodes into two sides crossed by as many edges as possible. Alloy*
-- counts the crossing edges with `#`. Here the cut of a side s is the relation
-- cut[s] = adj & (s -> (Node - s)), which holds each crossing edge once (oriented from s),
-- and "cut[t] is larger than cut[s]" is "some total injective map from the pairs of
-- cut[s] to the pairs of cut[t] misses a pair": the map is a 4-ary relation
-- f: cut[s] -> cut[t], quantified like any other, with b.(a.f) the image of the pair a->b
-- and (f.d).c the pairs sent to c->d. "s is a maximum cut" is then
--     all t: set Node | all f: cut[s] -> cut[t] | not (f is such a map)
-- an exists-forall problem over a 4-ary universal, solved by CEGIS.
--
-- Searches: a connected graph on exactly n nodes (n = 3..6) with a maximum cut that
-- leaves an edge uncut, which forces an odd cycle (a bipartite graph is cut completely).
-- Checks: the local optimality of a maximum cut (each node has no more neighbours on its
-- own side than across, else moving it gains; the comparison is again an injection, one
-- per node), that bipartite graphs are cut completely, and that a maximum cut crosses at
-- least half of the edges (an injection from the uncut edges into the cut ones, both
-- stored in both directions).
--
-- Scaling: CEGIS learns little from one map (a lemma about one map excludes only the
-- candidates whose cut is exactly that map's domain), and refuting a map is a
-- pigeonhole proof. With `--no-count-injections` the search takes about 105 s at 7
-- nodes (1,100 candidates, 32,671 counterexamples). solder reads such a quantifier as
-- the comparison of counts it states (`#cut[s] < #cut[t]`), and then the search takes
-- tens of milliseconds at 7 and 8 nodes; see `cargo bench --bench alloystar`.
module alloystar/max_cut

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

fun cut[s: set Node]: Node -> Node { adj & (s -> (Node - s)) }

-- the edges cut by s, in both directions
fun crossing[s: set Node]: Node -> Node { cut[s] + ~(cut[s]) }

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

pred maxCut[s: set Node] { all t: set Node | not morePairs[cut[t], cut[s]] }

pred setInjection[g: Node -> Node, a, b: set Node] {
  g in a -> b
  all x: a | one x.g
  all y: b | lone g.y
}

-- (a) a connected graph and a maximum cut that cannot cut every edge
pred imperfectMaxCut {
  connected
  some s: set Node | maxCut[s] and some adj - crossing[s]
}

maxCut3: run imperfectMaxCut for exactly 3 Node expect 1
maxCut4: run imperfectMaxCut for exactly 4 Node expect 1
maxCut5: run imperfectMaxCut for exactly 5 Node expect 1
maxCut6: run imperfectMaxCut for exactly 6 Node expect 1
maxCut7: run imperfectMaxCut for exactly 7 Node expect 1
maxCut8: run imperfectMaxCut for exactly 8 Node expect 1

-- a connected graph whose maximum cuts leave edges uncut, with a maximum cut that is
-- not the only one up to swapping sides
run twoMaxCuts {
  connected
  some s, t: set Node |
    maxCut[s] and maxCut[t] and some adj - crossing[s] and t != s and t != Node - s
} for exactly 4 Node expect 1

-- (b) moving a node to the other side would gain if it had more neighbours on its side
check localOptimum {
  all s: set Node | maxCut[s] implies (all v: Node |
    let same = v.adj & (v in s implies s else Node - s) |
      some g: Node -> Node | setInjection[g, same, v.adj - same])
} for 5 expect 0

-- a two-colourable graph is cut completely by every maximum cut
check bipartiteCutCompletely {
  all s: set Node |
    ((some l: set Node | adj = crossing[l]) and maxCut[s]) implies adj = crossing[s]
} for 5 expect 0

-- a maximum cut crosses at least half of the edges
check halfTheEdges {
  all s: set Node | maxCut[s] implies
    (some f: Node -> Node -> Node -> Node |
       pairInjection[f, adj - crossing[s], crossing[s]])
} for 5 expect 0
