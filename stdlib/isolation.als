module isolation
open isolation/histories
open isolation/biswas
open isolation/cerone
open isolation/plume
open isolation/adya
open isolation/crooks
