// Transfers between bank accounts with small integer balances: a transfer moves one unit
// only if the payer can afford it, so the total never changes and no balance goes
// negative. A fee operation is the seeded bug. Written for solder's temporal examples;
// each `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

sig Account { var balance: one Int }
lone sig FeesOn {}

fact start { all a: Account | a.balance >= 0 and a.balance <= 2 }

pred transfer[from, to: Account] {
  from != to and from.balance > 0
  from.balance' = minus[from.balance, 1]
  to.balance' = plus[to.balance, 1]
  all a: Account - from - to | a.balance' = a.balance
}
pred chargeFee[a: Account] {
  some FeesOn
  a.balance' = minus[a.balance, 1]
  all b: Account - a | b.balance' = b.balance
}
pred idle { balance' = balance }

fact behaviour { always (idle or some a: Account | chargeFee[a] or some b: Account | transfer[a, b]) }

fun total: Int { sum a: Account | a.balance }

run richGetsAll { #Account = 2 and some a: Account | a.balance = 0 and eventually a.balance = total and total = 2 } for 2 but 6 steps expect 1

assert conserved { no FeesOn implies always all n: Int | total = n implies after total = n }
check conserved for 2 but 4 steps expect 0

assert neverOverdrawn { no FeesOn implies always all a: Account | a.balance >= 0 }
check neverOverdrawn for 2 but 5 steps expect 0

// Seeded bug: fees can overdraw an account.
assert feesNeverOverdraw { always all a: Account | a.balance >= 0 }
check feesNeverOverdraw for 3 but 6 steps expect 1
