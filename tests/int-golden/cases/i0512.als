open util/integer
sig A { f: Int }
fact { (gte[2, #A.f]) => (some A.f) }
fact { (some x1: prevs[1] | pos[x1]) }
check { all x: Int | some x.next } for 3 but 5 Int
