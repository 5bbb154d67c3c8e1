open util/integer
sig A { f: Int }
sig B {}
check { (#A fun/mul max) !in nexts[#B] } for 1 but 5 Int
