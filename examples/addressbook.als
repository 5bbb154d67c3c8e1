-- An address book: each name maps to at most one address; books are updated by putting or
-- removing an entry, giving a new book.
--
-- Shows off: `sig A, B {}`, an arrow multiplicity field (`Name -> lone Addr`), receiver
-- preds and funs (`pred Book.put[...]`, `fun Book.lookup[...]`) called as `b.put[nb, n, a]`,
-- override `++`, domain and range restriction `<:` `:>`, `univ`, box join `this.addr[n]`,
-- `all` with several decls and `disj`, `some disj`, `=>`, `implies`, `no`/`some` tests,
-- `check name`, `run name`, `check { ... }`, default scope.

module addressbook

sig Name, Addr {}

sig Book {
  addr: Name -> lone Addr
}

fun Book.lookup[n: Name]: set Addr { this.addr[n] }

-- every name in this book whose address is a
fun Book.namesAt[a: Addr]: set Name { (this.addr :> a).univ }

-- nb is this book with n pointing to a (replacing any old address of n)
pred Book.put[nb: Book, n: Name, a: Addr] { nb.addr = this.addr ++ n -> a }

-- nb is this book without an entry for n
pred Book.remove[nb: Book, n: Name] { nb.addr = (Name - n) <: this.addr }

assert putThenLookup {
  all b, nb: Book, n: Name, a: Addr | b.put[nb, n, a] => nb.lookup[n] = a
}

assert removeUndoesPut {
  all b, b1, b2: Book, n: Name, a: Addr |
    b.put[b1, n, a] and b1.remove[b2, n] implies b2.addr = b.addr
}

assert removeUndoesFreshPut {
  all b, b1, b2: Book, n: Name, a: Addr |
    no b.lookup[n] and b.put[b1, n, a] and b1.remove[b2, n] implies b2.addr = b.addr
}

pred sharedAddress {
  some b: Book | some disj n1, n2: Name | b.lookup[n1] = b.lookup[n2] and some b.lookup[n1]
}

-- The override puts exactly n -> a in nb for the name n.
check putThenLookup expect 0

-- Counterexample: b has n -> a0; putting n -> a1 then removing n leaves no entry for n,
-- which is not b. Books b, b1 = {n -> a1}, b2 = {}.
check removeUndoesPut expect 1

-- When b had no entry for n, removing n from b ++ n -> a gives (Name - n) <: b.addr = b.addr.
check removeUndoesFreshPut expect 0

-- Each name has at most one address, so a name listed at a is looked up as exactly a.
check { all b: Book, a: Addr, n: b.namesAt[a] | b.lookup[n] = a } expect 0

-- A name has at most one address, so no name is listed at two different addresses.
check { all b: Book, disj a1, a2: Addr | no b.namesAt[a1] & b.namesAt[a2] } expect 0

-- Witness: one book with n1 -> a and n2 -> a.
run sharedAddress expect 1
