sig A { f: Int, r: set A }
fact { (some a1: A | 14 not > a1.f) }
run { some a: A | a.f.minus[-10] > a.f } for 5 Int, 3 A
