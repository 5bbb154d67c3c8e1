-- Alloy* benchmark "min vertex cover" (Milicevic et al., ICSE 2015, graph problems), with
-- integers: sizes are compared with `#` as in Alloy*'s model (the injection version is
-- ../min_vertex_cover.als). "c is a minimum cover" is
--     cover[c] and all d: set Node | cover[d] implies #c =< #d
-- (exists-forall, by CEGIS; the guard `cover[d] implies` is Alloy*'s domain constraint).
--
-- The commands and labels are those of ../min_vertex_cover.als. Koenig's theorem is
-- stated with sizes here: in a bipartite graph some matching has as many edges as a
-- minimum cover has nodes (a matching is stored in both directions, so it holds twice
-- as many pairs). Bitwidth: counts are at most 2 * 7 = 14 (the matching's pairs
-- against the cover at 7 nodes), so `5 Int` (-16..15) everywhere.
module alloystar/ints/min_vertex_cover

sig Node { adj: set Node }

fact undirected { adj = ~adj and no iden & adj }

pred connected { all n: Node | Node in n.*adj }

-- every edge has an end in c
pred cover[c: set Node] { adj in (c -> Node) + (Node -> c) }

pred independent[s: set Node] { no (s -> s) & adj }

pred minCover[c: set Node] {
  cover[c]
  all d: set Node | cover[d] implies #c =< #d
}

pred maxIndependent[s: set Node] {
  independent[s]
  all t: set Node | independent[t] implies #t =< #s
}

-- two colour classes with every edge between them
pred bipartite {
  some left: set Node | adj in (left -> (Node - left)) + ((Node - left) -> left)
}

-- m is a set of disjoint edges, stored in both directions
pred matching[m: Node -> Node] { m in adj and m = ~m and all n: Node | lone n.m }

-- (a) a connected graph on exactly n nodes and a minimum vertex cover holding at most
-- half of them
pred smallMinCover { connected and some c: set Node | minCover[c] and #c =< #(Node - c) }

minCover3: run smallMinCover for exactly 3 Node, 5 Int expect 1
minCover4: run smallMinCover for exactly 4 Node, 5 Int expect 1
minCover5: run smallMinCover for exactly 5 Node, 5 Int expect 1
minCover6: run smallMinCover for exactly 6 Node, 5 Int expect 1
minCover7: run smallMinCover for exactly 7 Node, 5 Int expect 1
minCover8: run smallMinCover for exactly 8 Node, 5 Int expect 1

-- (b) complements of minimum covers are maximum independent sets, and back
check complementIndependent {
  all c: set Node | minCover[c] implies maxIndependent[Node - c]
} for 7 but 5 Int expect 0

check complementCover {
  all s: set Node | maxIndependent[s] implies minCover[Node - s]
} for 5 but 5 Int expect 0

-- Koenig: in a bipartite graph some matching has as many edges as a minimum cover nodes
check koenig {
  all c: set Node | (bipartite and minCover[c]) implies
    (some m: Node -> Node | matching[m] and #m = mul[2, #c])
} for 7 but 5 Int expect 0

-- ... and fails without bipartiteness (the triangle: two cover nodes, one matching edge)
check koenigAnyGraph {
  all c: set Node | minCover[c] implies
    (some m: Node -> Node | matching[m] and #m = mul[2, #c])
} for 3 but 5 Int expect 1
