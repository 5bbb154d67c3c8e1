module util/sequniv

-- Sequences as plain relations. A sequence of X is a relation s in seq/Int -> lone X whose
-- indices are 0, 1, ..., #s-1 (seq/Int holds the indices 0..maxseq-1; `for 5 seq` sets
-- maxseq). Writing `seq X` in a model opens this module as `seq`, as in Alloy, so that
-- `s.first`, `s.add[x]` or `seq/elems[s]` work. Each function assumes its arguments are
-- sequences and, given sequences, returns one; what a function does at the length limit
-- (add to a full sequence, append past it) is said beside it.

-- s is a sequence: at most one element per index, and no index missing below another.
pred isSeq[s: Int -> univ] {
  s in seq/Int -> lone univ
  s.univ - (s.univ).(fun/next) in 0
}

-- The elements of s.
fun elems[s: Int -> univ]: set (Int.s) { seq/Int.s }

-- The element at index 0 (none if s is empty).
fun first[s: Int -> univ]: lone (Int.s) { s[0] }

-- The element at the last index (none if s is empty).
fun last[s: Int -> univ]: lone (Int.s) { s[lastIdx[s]] }

-- s without its first element, each index moved down by one.
fun rest[s: Int -> univ]: s { seq/Int <: (fun/next).s }

-- s without its last element.
fun butlast[s: Int -> univ]: s { (seq/Int - lastIdx[s]) <: s }

pred isEmpty[s: Int -> univ] { no s }

-- Some element appears at two indices.
pred hasDups[s: Int -> univ] { #elems[s] < #inds[s] }

-- The indices s occupies.
fun inds[s: Int -> univ]: set Int { s.univ }

-- The largest index of s (none if s is empty).
fun lastIdx[s: Int -> univ]: lone Int { max[inds[s]] }

-- The first free index: #s, or none when s already has maxseq elements.
fun afterLastIdx[s: Int -> univ]: lone Int { min[seq/Int - inds[s]] }

-- The smallest index of e in s (none if e is not in s).
fun idxOf[s: Int -> univ, e: univ]: lone Int { min[indsOf[s, e]] }

-- The largest index of e in s (none if e is not in s).
fun lastIdxOf[s: Int -> univ, e: univ]: lone Int { max[indsOf[s, e]] }

-- Every index of e in s.
fun indsOf[s: Int -> univ, e: univ]: set Int { s.e }

-- s with e at the end (s itself when s is full).
fun add[s: Int -> univ, e: univ]: s + (seq/Int -> e) { setAt[s, afterLastIdx[s], e] }

-- s with the element at index i replaced by e (for 0 <= i < #s).
fun setAt[s: Int -> univ, i: Int, e: univ]: s + (seq/Int -> e) { s ++ (i -> e) }

-- s with e placed at index i and what followed moved up by one (for 0 <= i <= #s); the
-- last element of a full sequence falls off.
fun insert[s: Int -> univ, i: Int, e: univ]: s + (seq/Int -> e) {
  seq/Int <: ((prevs[i] <: s) + (i -> e) + prev.((nexts[i] + i) <: s))
}

-- s without the element at index i, what followed moved down by one (for 0 <= i < #s).
fun delete[s: Int -> univ, i: Int]: s {
  (prevs[i] <: s) + next.(nexts[i] <: s)
}

-- s1 followed by s2, cut off at maxseq elements.
fun append[s1, s2: Int -> univ]: s1 + s2 {
  let shift = plus[int[lastIdx[s1]], 1],
      moved = { j, i: seq/Int | int[j] = plus[int[i], shift] } |
    no s1 => s2 else s1 + moved.s2
}

-- The elements of s from index lo to index hi, both included, moved to start at 0 (for
-- 0 <= lo <= hi < #s).
fun subseq[s: Int -> univ, lo, hi: Int]: s {
  let moved = { j, i: seq/Int | int[j] = minus[int[i], int[lo]] } |
    moved.((seq/Int - nexts[hi]) <: s)
}
