-- Kernels of directed graphs: an independent set that every other vertex points into.
-- Every DAG has one; the directed triangle has none.
module examples/kernel

sig V { e: set V }

fact loopless { no iden & e }

pred kernel[k: set V] {
  no (k -> k) & e
  all v: V - k | some v.e & k
}

run hasKernel { some k: set V | kernel[k] and some e } for 3 expect 1

-- the directed triangle has no kernel
run noKernel { no k: set V | kernel[k] } for 3 expect 1

-- every loopless digraph on two vertices has a kernel
run noKernel2 { no k: set V | kernel[k] } for 2 expect 0

-- every DAG has a kernel
check dagHasKernel { (no v: V | v in v.^e) implies some k: set V | kernel[k] } for 4 expect 0

-- ... and it is unique
check dagKernelUnique {
  (no v: V | v in v.^e) implies (all k1, k2: set V | (kernel[k1] and kernel[k2]) implies k1 = k2)
} for 4 expect 0
