import { readFileSync } from 'node:fs';

// A strict check of JSON-LD against schema.org's vocabulary (vocabulary.json beside this file: its `source` names the
// release; scripts/extract-schemaorg-vocabulary.ts makes it from that release's schemaorg-current-https.jsonld) and of
// Google's required properties for the rich results the site aims at (docs/seo.md 'Structured data').

interface Vocabulary {
  source: string;
  version: string;
  /** Every class with its direct superclasses. */
  classes: Record<string, string[]>;
  /** The classes that are data types (Text, Number, Date, …); their subclasses (URL, Integer, …) are too. */
  dataTypes: string[];
  properties: Record<string, { domain: string[]; range: string[]; supersededBy?: string[] }>;
  /** Enumeration members ('InStock') with their enumeration ('ItemAvailability'). */
  members: Record<string, string[]>;
}

export const VOCABULARY = JSON.parse(readFileSync(new URL('./vocabulary.json', import.meta.url), 'utf8')) as Vocabulary;

const SCHEMA = 'https://schema.org/';

const ancestorsByType = new Map<string, Set<string>>();

/** `type` and all its superclasses (computed once per type). */
function ancestors(type: string): Set<string> {
  const known = ancestorsByType.get(type);
  if (known) return known;
  const seen = new Set<string>();
  const stack = [type];
  while (stack.length) {
    const t = stack.pop()!;
    if (seen.has(t)) continue;
    seen.add(t);
    stack.push(...(VOCABULARY.classes[t] ?? []));
  }
  ancestorsByType.set(type, seen);
  return seen;
}

/** True when `type` is `of` or one of its subclasses. */
const isA = (type: string, of: string) => ancestors(type).has(of);

const isDataType = (type: string) => VOCABULARY.dataTypes.some((d) => isA(type, d));

// The lexical forms of the data types (schema.org/DataType: ISO 8601 dates, times and durations; URLs).
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const TIME = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;
const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const ABSOLUTE_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;

/** True when the literal `value` is a valid value of the data type (or Duration, a Quantity written as text) `type`. */
function literalFits(value: string | number | boolean, type: string): boolean {
  if (typeof value === 'boolean') return isA(type, 'Boolean');
  if (typeof value === 'number') {
    if (isA(type, 'Integer')) return Number.isInteger(value);
    return isA(type, 'Number');
  }
  if (isA(type, 'URL')) return ABSOLUTE_URL.test(value);
  if (isA(type, 'DateTime')) return DATE_TIME.test(value);
  if (isA(type, 'Date')) return DATE.test(value) || DATE_TIME.test(value); // a Date may carry its time (Google)
  if (isA(type, 'Time')) return TIME.test(value);
  if (isA(type, 'Duration')) return DURATION.test(value);
  if (isA(type, 'Text')) return true;
  // An enumeration's member by its address: 'https://schema.org/InStock' for an ItemAvailability.
  if (value.startsWith(SCHEMA) && isA(type, 'Enumeration')) {
    const member = value.slice(SCHEMA.length);
    return (VOCABULARY.members[member] ?? []).some((t) => isA(t, type));
  }
  return false;
}

const typesOf = (node: Record<string, unknown>): string[] => {
  const t = node['@type'];
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
};

/**
 * Every way `data` (one JSON-LD document, or its JSON text) breaks schema.org's vocabulary, as 'path: problem'
 * lines (empty when it keeps it):
 * - the top carries '@context': 'https://schema.org';
 * - every node has a '@type' that is a schema.org class and no data type (a node of only '@id' is a reference);
 * - every property is a schema.org property, not superseded, allowed on the node's type or one of its superclasses
 *   (domainIncludes), and each of its values is of one of its expected types (rangeIncludes): a node of that class or
 *   a subclass, or a literal of such a data type in its lexical form (numbers as numbers, URLs absolute, ISO 8601
 *   dates and durations, an enumeration's member as 'https://schema.org/Member');
 * - an action's 'property-input' annotation (schema.org/docs/actions.html) names a property of that action.
 */
export function schemaOrgProblems(data: unknown): string[] {
  const doc = typeof data === 'string' ? (JSON.parse(data) as unknown) : data;
  const problems: string[] = [];
  if (!doc || typeof doc !== 'object' || (doc as Record<string, unknown>)['@context'] !== 'https://schema.org') {
    problems.push("$: '@context' must be 'https://schema.org'");
  }
  checkNode(doc, '$', null, problems);
  return problems;
}

/** Checks `node` (found at `path`, expected to fit one of `range` when given) and everything below it. */
function checkNode(node: unknown, path: string, range: string[] | null, problems: string[]): void {
  if (!node || typeof node !== 'object' || Array.isArray(node)) {
    problems.push(`${path}: a node must be an object`);
    return;
  }
  const record = node as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => k !== '@context');
  if (keys.length === 1 && keys[0] === '@id') return; // a reference to a node described elsewhere
  const types = typesOf(record);
  if (!types.length) {
    problems.push(`${path}: no @type`);
    return;
  }
  for (const type of types) {
    if (!(type in VOCABULARY.classes)) problems.push(`${path}: @type '${type}' is no schema.org class`);
    else if (isDataType(type)) problems.push(`${path}: @type '${type}' is a data type, not a node's type`);
  }
  if (range && !types.some((t) => range.some((r) => isA(t, r)))) {
    problems.push(`${path}: a ${types.join('/')} where ${range.join(' or ')} is expected`);
  }
  if ('@id' in record && (typeof record['@id'] !== 'string' || !ABSOLUTE_URL.test(record['@id']))) {
    problems.push(`${path}.@id: must be an absolute URL`);
  }
  for (const [key, value] of Object.entries(record)) {
    if (key.startsWith('@')) continue;
    const at = `${path}.${key}`;
    const annotation = /^(.+)-(input|output)$/.exec(key);
    if (annotation) {
      const stem = VOCABULARY.properties[annotation[1]!];
      if (!types.some((t) => isA(t, 'Action')) || !stem || !types.some((t) => stem.domain.some((d) => isA(t, d)))) {
        problems.push(`${at}: '${key}' annotates no property of this action`);
      }
      if (typeof value !== 'string') problems.push(`${at}: must be text ('required name=…')`);
      continue;
    }
    const property = VOCABULARY.properties[key];
    if (!property) {
      problems.push(`${at}: '${key}' is no schema.org property`);
      continue;
    }
    if (property.supersededBy) problems.push(`${at}: '${key}' is superseded by ${property.supersededBy.join(', ')}`);
    if (property.domain.length && !types.some((t) => property.domain.some((d) => isA(t, d)))) {
      problems.push(`${at}: '${key}' is not a property of ${types.join('/')} (it belongs to ${property.domain.join(', ')})`);
    }
    const values = Array.isArray(value) ? value : [value];
    if (!values.length) problems.push(`${at}: an empty list`);
    values.forEach((v, i) => {
      const vAt = Array.isArray(value) ? `${at}[${i}]` : at;
      if (v !== null && typeof v === 'object') {
        checkNode(v, vAt, property.range, problems);
      } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
        if (!property.range.some((r) => literalFits(v, r))) {
          problems.push(`${vAt}: ${JSON.stringify(v)} is no ${property.range.join(' or ')}`);
        }
      } else {
        problems.push(`${vAt}: ${String(v)} is no value`);
      }
    });
  }
}

const has = (node: Record<string, unknown>, key: string) => node[key] !== undefined && node[key] !== '' && node[key] !== null;

/**
 * What `data` lacks of Google's required properties for the rich result of its type (developers.google.com/search/
 * docs/appearance/structured-data: 'Product snippet', 'Recipe', 'Breadcrumb', 'Article'), as lines; empty when
 * complete:
 * - Product: name, and offers, review or aggregateRating; an Offer with price and a three-letter priceCurrency; an
 *   AggregateRating with ratingValue and ratingCount or reviewCount;
 * - Recipe: name and image;
 * - BreadcrumbList: at least two ListItems, each with position and name, each but the last with item;
 * - Article (no required properties): headline, image, datePublished and an author with a name, Google's
 *   recommended ones, are asked for too.
 */
export function googleRichResultProblems(data: unknown): string[] {
  const doc = (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;
  const problems: string[] = [];
  const types = typesOf(doc);
  if (types.includes('Product')) {
    if (!has(doc, 'name')) problems.push('Product: name is required');
    if (!['offers', 'review', 'aggregateRating'].some((k) => has(doc, k))) problems.push('Product: offers, review or aggregateRating is required');
    const offers = doc.offers === undefined ? [] : Array.isArray(doc.offers) ? doc.offers : [doc.offers];
    for (const offer of offers as Record<string, unknown>[]) {
      if (typeof offer.price !== 'number' || offer.price <= 0) problems.push('Offer: price must be a positive number');
      if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) problems.push('Offer: priceCurrency (ISO 4217)');
    }
    const rating = doc.aggregateRating as Record<string, unknown> | undefined;
    if (rating) {
      if (!has(rating, 'ratingValue')) problems.push('AggregateRating: ratingValue is required');
      if (!has(rating, 'ratingCount') && !has(rating, 'reviewCount')) problems.push('AggregateRating: ratingCount or reviewCount is required');
    }
  }
  if (types.includes('Recipe')) {
    if (!has(doc, 'name')) problems.push('Recipe: name is required');
    if (!has(doc, 'image')) problems.push('Recipe: image is required');
  }
  if (types.includes('BreadcrumbList')) {
    const items = (doc.itemListElement ?? []) as Record<string, unknown>[];
    if (items.length < 2) problems.push('BreadcrumbList: at least two ListItems');
    items.forEach((item, i) => {
      if (!has(item, 'position') || !has(item, 'name')) problems.push(`ListItem ${i + 1}: position and name are required`);
      if (i < items.length - 1 && !has(item, 'item')) problems.push(`ListItem ${i + 1}: item is required but on the last`);
    });
  }
  if (types.includes('Article')) {
    for (const key of ['headline', 'image', 'datePublished']) if (!has(doc, key)) problems.push(`Article: ${key} is recommended`);
    const author = doc.author as Record<string, unknown> | undefined;
    if (!author || !has(author, 'name')) problems.push('Article: an author with a name is recommended');
  }
  return problems;
}
