// Issue 10.7: a BOM, a doubled multiplicity, and a call with too many arguments.
sig A { r: some some A }
fun f[x: A]: set A { x.r }
run { some f[A, A] } for 2
