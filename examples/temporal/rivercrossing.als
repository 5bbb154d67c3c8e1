// The farmer, fox, hen and grain puzzle as a trace: the boat carries the farmer and at
// most one passenger; the fox may not be left alone with the hen, nor the hen with the
// grain. Written for solder's temporal examples; each `expect` is the verdict of Alloy 6
// (built from source, SAT4J), 2026-12-07.

abstract sig Being { eats: set Being }
one sig Farmer, Fox, Hen, Grain extends Being {}
fact { eats = Fox -> Hen + Hen -> Grain }

var sig NearBank in Being {}
fun farBank: set Being { Being - NearBank }

fact start { NearBank = Being }

pred safe[side: set Being] { Farmer in side or no side & side.eats }

pred ferry[cargo: lone Being] {
  cargo != Farmer
  Farmer in NearBank implies (cargo in NearBank and NearBank' = NearBank - Farmer - cargo)
  Farmer not in NearBank implies (cargo in farBank and NearBank' = NearBank + Farmer + cargo)
}
pred done { no NearBank and NearBank' = NearBank }

fact behaviour { always ((done or ferry[none] or some c: Being | ferry[c]) and safe[NearBank] and safe[farBank]) }

// Solvable in seven crossings (eight states) ...
run solved { eventually no NearBank } for 4 but 8 steps expect 1

// ... but not in six.
run tooFast { eventually no NearBank } for 4 but 7 steps expect 0

assert henNeverEaten { always (safe[NearBank] and safe[farBank]) }
check henNeverEaten for 4 but 8 steps expect 0

// The farmer crosses every time the bank changes.
assert farmerRows { always (NearBank' != NearBank implies (Farmer in NearBank iff Farmer not in NearBank')) }
check farmerRows for 4 but 8 steps expect 0
