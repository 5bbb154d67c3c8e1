-- Knights and knaves: on this island knights always tell the truth and knaves always lie.
-- Each puzzle is a pred: "X says S" becomes `X in Knight iff S`.
--
-- Shows off: `abstract sig` with three `one sig`s, a subset sig (`sig Knight in Islander`),
-- `iff` and `<=>`, `!in` and `not in`, `!` and `&&`, `=>` and `implies`, `F => G else H` as a
-- formula, the `one` and `no` quantifiers, the `no` test on a parenthesized union, `run name`,
-- `check name`, `check { ... }`, a labelled command, a named block (`run liar { ... }`),
-- default scope.

module knights

abstract sig Islander {}
one sig Alice, Bob, Carol extends Islander {}

-- the knights; every other islander is a knave
sig Knight in Islander {}

-- Alice: "Bob and I are both knaves."
pred puzzle1 { Alice in Knight iff no (Alice + Bob) & Knight }

-- Alice: "Bob is a knight."  Bob: "Carol is a knave."
-- Carol: "Alice and Bob are the same kind."
pred puzzle2 {
  Alice in Knight <=> Bob in Knight
  Bob in Knight <=> !(Carol in Knight)
  Carol in Knight <=> (Alice in Knight <=> Bob in Knight)
}

-- Alice: "Exactly one of us is a knight."  Bob: "None of us is a knight."
pred puzzle3 {
  Alice in Knight iff (one x: Islander | x in Knight)
  Bob in Knight iff (no x: Islander | x in Knight)
}

-- Carol: "If I am a knight then Alice is one, and otherwise Bob is."
-- Alice: "Carol is a knave."
pred puzzle4 {
  Carol in Knight iff (Carol in Knight => Alice in Knight else Bob in Knight)
  Alice in Knight iff Carol not in Knight
}

assert puzzle1Solved { puzzle1 => (Bob in Knight && Alice not in Knight) }

-- Witness: Alice a knave, Bob a knight (her claim is false, as a knave's must be).
run puzzle1 expect 1

-- A knight Alice would be claiming to be a knave; so she lies, and then Bob is a knight.
check puzzle1Solved expect 0

-- Alice and Bob are the same kind (Alice's claim), so Carol's claim is true and she is a
-- knight; then Bob's claim is false, so Bob, and with him Alice, are knaves.
check { puzzle2 implies Knight = Carol } expect 0

-- Counterexample: puzzle3's only solution has Alice the knight and Bob a knave (a knight Bob
-- would make his own claim false).
check { puzzle3 implies Bob in Knight } expect 1

-- Witness: a knight Carol would force Alice to be a knight, contradicting Alice's claim; so
-- Carol lies, Bob is a knave, and Alice (truthfully calling Carol a knave) is the knight.
whoIsKnight: run { puzzle4 and Knight = Alice } expect 1

-- "I am a knave" can be said by neither a knight nor a knave.
run liar { Carol in Knight iff Carol !in Knight } expect 0
