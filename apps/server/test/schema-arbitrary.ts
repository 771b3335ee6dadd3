/**
 * fast-check arbitraries built from the JSON Schemas of docs/openapi.json, for the fuzzer that
 * sends what the document describes. It knows the keywords the contract's schemas use (counted
 * over the document: type, properties, required, additionalProperties, propertyNames, pattern,
 * minLength, maxLength, minimum, maximum, enum, const, items, minItems, maxItems, anyOf, default)
 * and refuses any other, so a new kind of schema is noticed rather than fuzzed wrongly.
 */
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

const known = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'const',
  'items',
  'minItems',
  'maxItems',
  'anyOf',
  'oneOf',
  'default',
  'description',
]);

/** Long strings cost time and say little: a generated string is at most this long unless the schema needs more. */
const stringCharsMax = 40;
const arrayItemsMax = 4;

function patternOf(schema: Schema): RegExp | null {
  if (typeof schema.pattern !== 'string') return null;
  try {
    return new RegExp(schema.pattern, 'u');
  } catch {
    return new RegExp(schema.pattern);
  }
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : stringCharsMax, stringCharsMax));
  const pattern = patternOf(schema);
  if (!pattern) return fc.string({ minLength, maxLength, unit: 'grapheme' });
  // A pattern of one repeated class (`^[A-Za-z0-9_-]+$`) takes the length bounds as its
  // quantifier, so what is drawn already fits; filtering a free draw would loop on long minimums.
  const repeated = /^\^(\[[^\]]+\]|\\[dw]|\.)[+*]\$$/.exec(pattern.source);
  if (repeated) return fc.stringMatching(new RegExp(`^${repeated[1]}{${minLength},${maxLength}}$`, pattern.flags));
  // Otherwise the pattern decides; a draw outside the length bounds is left to the fuzzer, which
  // keeps only payloads the document's validator accepts as valid.
  return fc.stringMatching(pattern);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const low =
    typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + (integer ? 1 : 1e-9) : -1e6;
  const high =
    typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - (integer ? 1 : 1e-9) : 1e6;
  if (integer) return fc.integer({ min: Math.max(Math.ceil(low), Number.MIN_SAFE_INTEGER), max: Math.min(Math.floor(high), Number.MAX_SAFE_INTEGER) });
  return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values the schema accepts. */
export function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  for (const key of Object.keys(schema)) if (!known.has(key)) throw new Error(`schema keyword ${key} is not supported by the fuzzer`);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map(arbitraryOf));
  const type = schema.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => arbitraryOf({ ...schema, type: t })));
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items as Schema | undefined;
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : arrayItemsMax, arrayItemsMax));
      return fc.array(items ? arbitraryOf(items) : fc.anything(), { minLength, maxLength });
    }
    case 'object':
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      if (Object.keys(properties).length === 0 && typeof schema.additionalProperties === 'object') {
        // A record: keys from propertyNames, values from additionalProperties.
        const keys =
          typeof schema.propertyNames === 'object' ? (arbitraryOf(schema.propertyNames as Schema) as fc.Arbitrary<string>) : fc.string({ maxLength: 12 });
        return fc.dictionary(keys, arbitraryOf(schema.additionalProperties as Schema), { maxKeys: arrayItemsMax });
      }
      const model = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, arbitraryOf(property)]));
      return fc.record(model, { requiredKeys: [...required].filter((name) => name in properties) });
    }
    default:
      throw new Error(`schema type ${String(type)} is not supported by the fuzzer`);
  }
}

/**
 * Ways to make a valid payload invalid by the document: a required field left out, a field of the
 * wrong type, a string one character over its maximum or under its minimum, a number past its
 * bound, a value outside its enum. Each returns null where it does not apply; the fuzzer checks
 * with the document's validator that what it made is invalid before counting it.
 */
export function mutations(schema: Schema, valid: Record<string, unknown>): Array<{ how: string; payload: unknown }> {
  const out: Array<{ how: string; payload: unknown }> = [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const name of (schema.required ?? []) as string[]) {
    const { [name]: _dropped, ...rest } = valid;
    out.push({ how: `${name} left out`, payload: rest });
  }
  for (const [name, property] of Object.entries(properties)) {
    const wrong = property.type === 'string' ? 12345 : property.type === 'object' ? 'text' : { nested: true };
    out.push({ how: `${name} of the wrong type`, payload: { ...valid, [name]: wrong } });
    if (typeof property.maxLength === 'number' && property.maxLength < 5_000)
      out.push({ how: `${name} over its maximum length`, payload: { ...valid, [name]: 'x'.repeat(property.maxLength + 1) } });
    if (typeof property.minLength === 'number' && property.minLength > 0)
      out.push({ how: `${name} under its minimum length`, payload: { ...valid, [name]: 'x'.repeat(property.minLength - 1) } });
    if (typeof property.maximum === 'number') out.push({ how: `${name} over its maximum`, payload: { ...valid, [name]: property.maximum + 1 } });
    if (typeof property.minimum === 'number') out.push({ how: `${name} under its minimum`, payload: { ...valid, [name]: property.minimum - 1 } });
    if (Array.isArray(property.enum)) out.push({ how: `${name} outside its enum`, payload: { ...valid, [name]: '__not_in_enum__' } });
  }
  return out;
}
