// A snack machine that takes coins worth one unit, sells a snack for two units and gives
// the rest back on request; integers stay small. Written for solder's temporal examples;
// each `expect` is the verdict of Alloy 6 (built from source, SAT4J), 2026-12-07.

one sig Machine {
  var credit: one Int,
  var stock: one Int
}
var sig Sold in Snack {}
sig Snack {}

fact start { Machine.credit = 0 and Machine.stock = 2 and no Sold }

pred insertCoin {
  Machine.credit < 3
  Machine.credit' = plus[Machine.credit, 1]
  stock' = stock and Sold' = Sold
}
pred vend[s: Snack] {
  Machine.credit >= 2 and Machine.stock > 0 and s not in Sold
  Machine.credit' = minus[Machine.credit, 2]
  Machine.stock' = minus[Machine.stock, 1]
  Sold' = Sold + s
}
pred refund {
  Machine.credit > 0
  Machine.credit' = 0
  stock' = stock and Sold' = Sold
}
pred sleep { credit' = credit and stock' = stock and Sold' = Sold }

fact behaviour { always (sleep or insertCoin or refund or some s: Snack | vend[s]) }

run soldOut { eventually Machine.stock = 0 } for 3 but 8 steps expect 1

assert creditInRange { always (Machine.credit >= 0 and Machine.credit <= 3) }
check creditInRange for 3 but 8 steps expect 0

// Every sale was paid for: two coins went in since the last refund or sale.
assert paid { always all s: Snack | (s not in Sold and after s in Sold) implies Machine.credit >= 2 }
check paid for 3 but 8 steps expect 0

assert stockMatchesSales { always plus[Machine.stock, #Sold] = 2 }
check stockMatchesSales for 3 but 8 steps expect 0

// Wrong: credit need not go back to zero.
assert creditReturns { always (Machine.credit > 0 implies eventually Machine.credit = 0) }
check creditReturns for 3 but 8 steps expect 1
