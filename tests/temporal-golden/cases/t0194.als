sig A { var r: set A }
var sig V { var m: set V }
var sig W {}
fact init { #V < 1 }
run { eventually ((once (no V)) triggered (historically (some V))) } for 3
