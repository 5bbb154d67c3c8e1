lone sig A { f: Int }
sig B {}
check { all x: Int | negate[negate[x]] = x } for 1
