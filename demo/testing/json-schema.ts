/**
 * A JSON Schema check for tests, of the keywords `/openapi.json`'s schemas use (zod's output):
 * a real answer is checked against the document as served. A keyword it does not know throws,
 * so a schema it cannot judge never passes silently.
 */
type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set(['description', 'format', 'title', 'default', 'examples']);

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const hasType = (value: unknown, type: string) =>
  typeOf(value) === type || (type === 'number' && typeOf(value) === 'integer');

/** Every way `value` breaks `schema`, each with its JSON path; empty when it conforms. */
export function schemaErrors(schema: Schema, value: unknown, path = '$'): string[] {
  const errors: string[] = [];
  const fail = (why: string) => errors.push(`${path}: ${why}`);
  const object = typeOf(value) === 'object' ? (value as Record<string, unknown>) : undefined;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [keyword, rule] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    switch (keyword) {
      case 'type': {
        const types = Array.isArray(rule) ? (rule as string[]) : [rule as string];
        if (!types.some((type) => hasType(value, type))) fail(`is ${typeOf(value)}, not ${types}`);
        break;
      }
      case 'const':
        if (value !== rule) fail(`is ${JSON.stringify(value)}, not ${JSON.stringify(rule)}`);
        break;
      case 'enum':
        if (!(rule as unknown[]).includes(value)) fail(`${JSON.stringify(value)} is not listed`);
        break;
      case 'minimum':
        if (typeof value === 'number' && value < (rule as number)) fail(`is below ${rule}`);
        break;
      case 'maximum':
        if (typeof value === 'number' && value > (rule as number)) fail(`is above ${rule}`);
        break;
      case 'pattern':
        if (typeof value === 'string' && !new RegExp(rule as string, 'u').test(value)) {
          fail(`does not match ${rule}`);
        }
        break;
      case 'required':
        for (const name of rule as string[]) if (object && !(name in object)) fail(`no ${name}`);
        break;
      case 'properties':
        for (const [name, inner] of Object.entries(properties)) {
          if (object && name in object)
            errors.push(...schemaErrors(inner, object[name], `${path}.${name}`));
        }
        break;
      case 'additionalProperties':
        for (const [name, inner] of Object.entries(object ?? {})) {
          if (name in properties) continue;
          if (rule === false) fail(`has ${name}, which the schema does not list`);
          else if (typeof rule === 'object') {
            errors.push(...schemaErrors(rule as Schema, inner, `${path}.${name}`));
          }
        }
        break;
      case 'propertyNames':
        for (const name of Object.keys(object ?? {})) {
          errors.push(...schemaErrors(rule as Schema, name, `${path}[key ${name}]`));
        }
        break;
      case 'items':
        if (Array.isArray(value)) {
          for (const [i, item] of value.entries()) {
            errors.push(...schemaErrors(rule as Schema, item, `${path}[${i}]`));
          }
        }
        break;
      case 'anyOf':
      case 'oneOf': {
        const matching = (rule as Schema[]).filter(
          (s) => schemaErrors(s, value, path).length === 0,
        );
        if (matching.length === 0 || (keyword === 'oneOf' && matching.length > 1)) {
          fail(`matches ${matching.length} of the ${keyword} schemas`);
        }
        break;
      }
      default:
        throw new Error(`schemaErrors: keyword ${keyword} is not supported (at ${path})`);
    }
  }
  return errors;
}
