module util/seqrel[SeqElem]

-- Sequences of the element sig SeqElem as plain relations SeqIdx -> SeqElem, over the
-- ordered index sig SeqIdx (util/sequence instead makes each sequence an atom). A
-- sequence maps each index to at most one element and occupies an initial run of SeqIdx,
-- so the scope of SeqIdx bounds its length. The functions assume sequence arguments; what
-- they do when a sequence is empty or full is said beside them. Position arithmetic
-- counts predecessors in Int. (The parameter is not called `elem`, the name of
-- ordering's parameter, which solder would find ambiguous here.)

open util/ordering[SeqIdx] as ord

sig SeqIdx {}

-- s is a sequence: a partial function whose indices have no gaps from the first one
pred isSeq[s: SeqIdx -> SeqElem] {
  s in SeqIdx -> lone SeqElem
  ord/prev[inds[s]] in inds[s]
}

-- the elements of s
fun elems[s: SeqIdx -> SeqElem]: set SeqElem { s[SeqIdx] }

-- the element at the first and at the last index (none if s is empty)
fun first[s: SeqIdx -> SeqElem]: lone SeqElem { s[ord/first] }
fun last[s: SeqIdx -> SeqElem]: lone SeqElem { s[lastIdx[s]] }

-- s without its first element, the others moved down one index
fun rest[s: SeqIdx -> SeqElem]: SeqIdx -> SeqElem { ord/next.s }

-- s without its last element
fun butlast[s: SeqIdx -> SeqElem]: SeqIdx -> SeqElem { (SeqIdx - lastIdx[s]) <: s }

pred isEmpty[s: SeqIdx -> SeqElem] { no s }

-- some element occurs at two indices
pred hasDups[s: SeqIdx -> SeqElem] { #inds[s] > #elems[s] }

-- the indices s occupies
fun inds[s: SeqIdx -> SeqElem]: set SeqIdx { s.SeqElem }

-- the last occupied index (none if s is empty)
fun lastIdx[s: SeqIdx -> SeqElem]: lone SeqIdx { ord/max[inds[s]] }

-- the first free index: the first index if s is empty, none if s is full
fun afterLastIdx[s: SeqIdx -> SeqElem]: lone SeqIdx { ord/min[SeqIdx - inds[s]] }

-- the first and the last index holding e (none if e does not occur)
fun idxOf[s: SeqIdx -> SeqElem, e: SeqElem]: lone SeqIdx { ord/min[indsOf[s, e]] }
fun lastIdxOf[s: SeqIdx -> SeqElem, e: SeqElem]: lone SeqIdx { ord/max[indsOf[s, e]] }

-- every index holding e
fun indsOf[s: SeqIdx -> SeqElem, e: SeqElem]: set SeqIdx { s.e }

-- s with e at the first free index (s itself if s is full)
fun add[s: SeqIdx -> SeqElem, e: SeqElem]: SeqIdx -> SeqElem { setAt[s, afterLastIdx[s], e] }

-- s with the element at index i replaced by e
fun setAt[s: SeqIdx -> SeqElem, i: SeqIdx, e: SeqElem]: SeqIdx -> SeqElem { s ++ (i -> e) }

-- s with e put at index i and the elements from i on moved up one index (the element at
-- the last SeqIdx falls off)
fun insert[s: SeqIdx -> SeqElem, i: SeqIdx, e: SeqElem]: SeqIdx -> SeqElem {
  let below = ord/prevs[i] <: s, moved = (i + ord/nexts[i]) <: s |
    below + (i -> e) + ord/prev.moved
}

-- s without the element at index i, the elements after it moved down one index
fun delete[s: SeqIdx -> SeqElem, i: SeqIdx]: SeqIdx -> SeqElem {
  (ord/prevs[i] <: s) + ord/next.(ord/nexts[i] <: s)
}

-- s1 followed by s2, cut off at the last SeqIdx. s2 is moved up by one more than the
-- last index of s1, which leaves index 0 empty when s1 is empty.
fun append[s1, s2: SeqIdx -> SeqElem]: SeqIdx -> SeqElem {
  let offset = plus[#ord/prevs[lastIdx[s1]], 1],
      shifted = { j, i: SeqIdx | #ord/prevs[j] = plus[#ord/prevs[i], offset] } |
    s1 + shifted.s2
}

-- the elements of s from index `from` to index `to`, both included, moved down to start
-- at the first index
fun subseq[s: SeqIdx -> SeqElem, from, to: SeqIdx]: SeqIdx -> SeqElem {
  let shifted = { j, i: SeqIdx | #ord/prevs[j] = minus[#ord/prevs[i], #ord/prevs[from]] } |
    shifted.((SeqIdx - ord/nexts[to]) <: s)
}

-- the first and the last index
fun firstIdx: SeqIdx { ord/first }
fun finalIdx: SeqIdx { ord/last }
