sig A { f: Int, r: set B }
sig B {}
check { all x, y: Int | smaller[x, y] = x } for 3 Int
