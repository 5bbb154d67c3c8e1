-- Integers: balances in a bank, counted and summed. At the default bitwidth of 4 the
-- integers are -8..7 and arithmetic wraps around, as in Alloy: the sum of two balances of
-- 5 is 10, which wraps to -6. So "the total is never negative" has a counterexample at
-- bitwidth 4 but not at bitwidth 6, where no three balances of at most 7 overflow.
--
-- Shows off: `Int` fields, integer literals, `#`, `sum x: S | e`, `plus`/`minus` (function
-- and method-call forms), `< > =< >=`, `Int` quantifiers, `int[...]`, util/integer's `max`,
-- and bitwidth scopes (`for 3 but 6 Int`).

sig Account {
  balance: Int,
  limit: Int
}

fact sensible {
  all a: Account | a.balance >= 0 and a.balance =< a.limit and a.limit =< 7
}

-- Three accounts whose balances add up to 9 (at bitwidth 4: 9 wraps to -7, so ask for 6).
run threeAccounts {
  #Account = 3
  (sum a: Account | a.balance) = 6
  some disj a, b: Account | a.balance.plus[1] = b.balance
} for 3 expect 1

-- The headroom of an account is its limit minus its balance.
fun headroom[a: Account]: Int { minus[a.limit, a.balance] }

check headroomIsNonNegative {
  all a: Account | headroom[a] >= 0
} for 3 expect 0

-- Wrap-around: two balances of 5 sum to -6 at bitwidth 4.
check totalIsNonNegative {
  (sum a: Account | a.balance) >= 0
} for 3 expect 1

-- With 6 bits (-32..31) three balances of at most 7 cannot overflow.
check totalIsNonNegativeAtSixBits {
  (sum a: Account | a.balance) >= 0
} for 3 but 6 Int expect 0

-- Some balance is the largest: `max` of a set of integers.
check someAccountHasTheMaximum {
  some Account implies some a: Account | int[a.balance] = int[max[Account.balance]]
} for 3 expect 0
