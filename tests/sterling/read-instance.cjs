// Parses an Alloy instance XML file with alloy-ts (Sterling's instance reader) and prints,
// as JSON, what it understood: each sig's atoms (its own and its subsigs'), each field's
// and skolem's tuples, by atom label. A malformed file makes alloy-ts throw.
const { JSDOM } = require('jsdom');
global.DOMParser = new JSDOM('').window.DOMParser;
const alloy = require('alloy-ts/bundle/alloy-1.4.1.js');
const text = require('fs').readFileSync(process.argv[2], 'utf8');
const instance = new alloy.AlloyInstance(text);
const tuples = (rel) => rel.tuples().map((t) => t.atoms().map((a) => a.name()));
console.log(JSON.stringify({
  sigs: Object.fromEntries(instance.signatures().map((s) => [s.id(), s.atoms(true).map((a) => a.name())])),
  fields: instance.fields().map((f) => [f.name(), tuples(f)]),
  skolems: instance.skolems().map((k) => [k.name(), tuples(k)]),
}));
