module util/sequence[SeqElem]

-- Sequences (lists) of the element sig SeqElem as atoms of the sig Seq. A sequence maps
-- the ordered indices SeqIdx to at most one element each and occupies an initial run of
-- SeqIdx with no gaps, so the scope of SeqIdx bounds the length; it may be empty and may
-- repeat elements. No two Seq atoms hold the same sequence. Operations are predicates
-- relating a sequence to its result; allExist asks for every sequence in scope to be
-- present. The functions at the end expose the first and last index; util/ordering on
-- SeqIdx is opened as ord. (The parameter is not called `elem`, the name of ordering's
-- parameter, which solder would find ambiguous here.)

open util/ordering[SeqIdx] as ord

sig SeqIdx {}

sig Seq {
  seqElems: SeqIdx -> lone SeqElem
} {
  -- the index before an occupied one is occupied
  ord/prev[seqElems.SeqElem] in seqElems.SeqElem
}

-- distinct atoms are distinct sequences
fact canonicalizeSeqs {
  all disj s1, s2: Seq | s1.seqElems != s2.seqElems
}

-- no sequence repeats an element
pred noDuplicates {
  all s: Seq | not hasDups[s]
}

-- the empty sequence exists, and so does every one-element extension of a non-full one
pred allExist {
  some s: Seq | isEmpty[s]
  all s: Seq, e: SeqElem | some afterLastIdx[s] => (some s2: Seq | add[s, e, s2])
}

-- as allExist, for the sequences without repeated elements
pred allExistNoDuplicates {
  some s: Seq | isEmpty[s]
  all s: Seq | not hasDups[s]
  all s: Seq, e: SeqElem - elems[s] | some afterLastIdx[s] => (some s2: Seq | add[s, e, s2])
}

-- the element at index i (none if i is free)
fun at[s: Seq, i: SeqIdx]: lone SeqElem { s.seqElems[i] }

-- the elements of s
fun elems[s: Seq]: set SeqElem { s.seqElems[SeqIdx] }

-- the element at the first and at the last index (none if s is empty)
fun first[s: Seq]: lone SeqElem { at[s, ord/first] }
fun last[s: Seq]: lone SeqElem { at[s, lastIdx[s]] }

-- r is s without its first element (false when s is empty)
pred rest[s, r: Seq] {
  not isEmpty[s]
  r.seqElems = ord/next.(s.seqElems)
}

pred isEmpty[s: Seq] { no s.seqElems }

-- some element occurs at two indices
pred hasDups[s: Seq] { #inds[s] > #elems[s] }

-- the indices s occupies
fun inds[s: Seq]: set SeqIdx { (s.seqElems).SeqElem }

-- the last occupied index (none if s is empty)
fun lastIdx[s: Seq]: lone SeqIdx { ord/max[inds[s]] }

-- the first free index: the first index if s is empty, none if s is full
fun afterLastIdx[s: Seq]: lone SeqIdx { ord/min[SeqIdx - inds[s]] }

-- the first and the last index holding e (none if e does not occur)
fun idxOf[s: Seq, e: SeqElem]: lone SeqIdx { ord/min[indsOf[s, e]] }
fun lastIdxOf[s: Seq, e: SeqElem]: lone SeqIdx { ord/max[indsOf[s, e]] }

-- every index holding e
fun indsOf[s: Seq, e: SeqElem]: set SeqIdx { (s.seqElems).e }

-- s agrees with prefix at every index prefix occupies
pred startsWith[s, prefix: Seq] {
  inds[prefix] <: (s.seqElems) = prefix.seqElems
}

-- added is s with e at the end (false when s is full)
pred add[s: Seq, e: SeqElem, added: Seq] {
  startsWith[added, s]
  at[added, afterLastIdx[s]] = e
  #inds[added] = plus[#inds[s], 1]
}

-- setted is s with the element at index idx replaced by e
pred setAt[s: Seq, idx: SeqIdx, e: SeqElem, setted: Seq] {
  setted.seqElems = s.seqElems ++ (idx -> e)
}

-- inserted is s with e at index idx and the elements from idx on moved up one index
pred insert[s: Seq, idx: SeqIdx, e: SeqElem, inserted: Seq] {
  at[inserted, idx] = e
  ord/prevs[idx] <: (inserted.seqElems) = ord/prevs[idx] <: (s.seqElems)
  ord/nexts[idx] <: (inserted.seqElems) = ord/nexts[idx] <: (ord/prev.(s.seqElems))
  #inds[inserted] = plus[#inds[s], 1]
}

-- dest holds the elements of source, in order, from index destStart on
pred copy[source, dest: Seq, destStart: SeqIdx] {
  all i: inds[source] | some j: SeqIdx {
    ord/gte[j, destStart]
    at[dest, j] = at[source, i]
    #ord/prevs[i] = #(ord/prevs[j] - ord/prevs[destStart])
  }
}

-- appended is s1 followed by s2
pred append[s1, s2, appended: Seq] {
  startsWith[appended, s1]
  copy[s2, appended, afterLastIdx[s1]]
  #inds[appended] = plus[#inds[s1], #inds[s2]]
}

-- sub is the part of s from index `from` to index `to`, both included
pred subseq[s, sub: Seq, from, to: SeqIdx] {
  ord/lte[from, to]
  copy[sub, s, from]
  #inds[sub] = #((to + ord/prevs[to]) - ord/prevs[from])
}

-- the first and the last index
fun firstIdx: SeqIdx { ord/first }
fun finalIdx: SeqIdx { ord/last }
