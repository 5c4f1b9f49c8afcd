// The two descriptions of a request body agree: the Go argument structs the simulator
// decodes with (for the service's exact 400 messages) and the contract's zod request
// schemas (the client's types, the OpenAPI document). Per era, every served operation
// with a body has the same fields on both sides, with the same JSON types and nesting:
// a field added to one side only fails here.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { goArgsOf } from '../../../simulator/http/go-args.ts';
import type { GoType } from '../../../simulator/http/go-json.ts';
import { type Endpoint, endpoints, operationNames } from '../../../src/contract/endpoints.ts';
import { ERAS, unreadFields } from '../../../src/contract/eras.ts';
import { servedIn } from '../../../src/contract/routes.ts';

/** A body's shape in JSON terms: a type, `[item]` for an array, `{ field: shape }` for an object. */
type Shape = string | Shape[] | { [field: string]: Shape };

function goShape(type: GoType): Shape {
  switch (type.kind) {
    case 'ptr':
      return goShape(type.elem);
    case 'slice':
      return [goShape(type.elem)];
    case 'struct':
      return Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, goShape(field)]));
    case 'id':
    case 'string':
      return 'string';
    case 'bool':
      return 'boolean';
    case 'int':
      return 'integer';
    default:
      return 'number';
  }
}

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
};

/** The shape of a JSON Schema; `null` beside a type is left out (Go reads null as unset on any field). */
function jsonShape(schema: JsonSchema): Shape {
  if (schema.anyOf) {
    const [only, ...more] = schema.anyOf.filter((option) => option.type !== 'null');
    if (more.length) throw new Error(`a union in a request: ${JSON.stringify(schema)}`);
    return jsonShape(only);
  }
  if (schema.type === 'array') return [jsonShape(schema.items ?? {})];
  if (schema.type === 'object') {
    const fields = Object.entries(schema.properties ?? {});
    return Object.fromEntries(fields.map(([name, field]) => [name, jsonShape(field)]));
  }
  return schema.type ?? 'any';
}

/** The fields of the contract's request schema that `era`'s service reads. */
function contractShape(request: z.ZodType, unread: readonly string[]): Shape {
  const shape = jsonShape(z.toJSONSchema(request, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
  return Object.fromEntries(Object.entries(shape).filter(([field]) => !unread.includes(field)));
}

describe.each(ERAS)('request bodies of the %s era', (era) => {
  const withBody = operationNames.filter(
    (name) => (endpoints[name] as Endpoint).request !== null && servedIn(name, era),
  );

  it.each(withBody)('%s: the Go argument struct and the request schema have the same fields', (name) => {
    const request = (endpoints[name] as Endpoint).request!;
    expect(goShape(goArgsOf(name, era))).toEqual(contractShape(request, unreadFields(name, era)));
  });
});
