// Writes api/test/schemaorg/vocabulary.json (see api/test/schemaorg/README.md), the part of schema.org's vocabulary the JSON-LD test checks against
// (api/test/schemaorg/validate.ts), from one release file of schema.org:
//
//   npx tsx scripts/extract-schemaorg-vocabulary.ts <schemaorg-current-https.jsonld> <version> <release date>
//
// The file is data/releases/<version>/schemaorg-current-https.jsonld of the schemaorg/schemaorg repository (the
// vocabulary is CC BY-SA 3.0, schema.org). Kept: every class with its direct superclasses, which classes are data
// types, every property with its domainIncludes and rangeIncludes (and supersededBy), every enumeration member with
// its type. Left out: comments, labels, equivalences and the pending and attic areas (the 'current' file has none).
import fs from 'node:fs';
import path from 'node:path';

type Ref = { '@id': string };
type Node = { '@id': string; '@type': string | string[] } & Record<string, unknown>;

const [source, version, released] = process.argv.slice(2);
if (!source || !version || !/^\d{4}-\d{2}-\d{2}$/.test(released ?? '')) {
  console.error('usage: npx tsx scripts/extract-schemaorg-vocabulary.ts <schemaorg-current-https.jsonld> <version> <YYYY-MM-DD>');
  process.exit(1);
}

const graph = (JSON.parse(fs.readFileSync(source, 'utf8')) as { '@graph': Node[] })['@graph'];
const local = (id: string) => (id.startsWith('schema:') ? id.slice('schema:'.length) : null);
const refs = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .map((r) => local((r as Ref)['@id']))
    .filter((r): r is string => r !== null)
    .sort();
const types = (node: Node) => (Array.isArray(node['@type']) ? node['@type'] : [node['@type']]);

const classes: Record<string, string[]> = {};
const dataTypes: string[] = [];
const properties: Record<string, { domain: string[]; range: string[]; supersededBy?: string[] }> = {};
const members: Record<string, string[]> = {};
for (const node of graph) {
  const name = local(node['@id']);
  if (!name) continue;
  const t = types(node);
  if (t.includes('rdfs:Class')) {
    classes[name] = refs(node['rdfs:subClassOf']);
    if (t.includes('schema:DataType')) dataTypes.push(name);
  } else if (t.includes('rdf:Property')) {
    const superseded = refs(node['schema:supersededBy']);
    properties[name] = {
      domain: refs(node['schema:domainIncludes']),
      range: refs(node['schema:rangeIncludes']),
      ...(superseded.length ? { supersededBy: superseded } : {}),
    };
  } else {
    const of = t.map(local).filter((x): x is string => x !== null);
    if (of.length) members[name] = of.sort();
  }
}
const sortKeys = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const out = {
  source: `schema.org release ${version} (${released}), data/releases/${version}/schemaorg-current-https.jsonld of github.com/schemaorg/schemaorg`,
  license: 'Creative Commons Attribution-ShareAlike 3.0 (https://schema.org/docs/terms.html)',
  version,
  classes: sortKeys(classes),
  dataTypes: dataTypes.sort(),
  properties: sortKeys(properties),
  members: sortKeys(members),
};
const target = path.resolve(import.meta.dirname, '../api/test/schemaorg/vocabulary.json');
fs.writeFileSync(target, `${JSON.stringify(out)}\n`);
console.log(
  `${target}: ${Object.keys(classes).length} classes, ${Object.keys(properties).length} properties, ${Object.keys(members).length} members`,
);
