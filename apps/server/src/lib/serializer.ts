import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/** A response schema as JSON Schema, or undefined when JSON Schema cannot say it (a transform). */
function jsonSchemaOf(schema: unknown): Record<string, unknown> | undefined {
  const zodSchema =
    schema instanceof z.ZodType
      ? schema
      : (schema as { properties?: unknown }).properties instanceof z.ZodType
        ? ((schema as { properties: z.ZodType }).properties as z.ZodType)
        : undefined;
  if (!zodSchema) return undefined;
  try {
    return withoutClosedObjects(
      z.toJSONSchema(zodSchema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
    ) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * The schema without `additionalProperties: false`: fast-json-stringify writes only the named
 * fields anyway, while a closed object in a union (a nullable store, say) would refuse a row with
 * a column more, where zod leaves the column out.
 */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

/**
 * The API's response serializer: each route's zod response schema is turned into JSON Schema once
 * and compiled by fast-json-stringify. Like zod's, it writes only the fields the schema names (a
 * column added to a row by mistake never leaves the server) and refuses a body that lacks a
 * required one; it costs a fraction of checking the body with zod first. A schema JSON Schema
 * cannot express keeps zod's serializer.
 *
 * With `crossCheck` (the tests), every body is also serialized by zod and the two must read the
 * same, so that every API test checks the compiled serializer against the schema.
 */
export function responseSerializer(crossCheck: boolean) {
  return (route: RouteSchema): Serialize => {
    const bySchema = zodSerializerCompiler(route);
    const json = jsonSchemaOf(route.schema);
    if (!json) return bySchema;
    let compiled: Serialize;
    try {
      compiled = fastJson(json) as Serialize;
    } catch {
      return bySchema;
    }
    if (!crossCheck) return compiled;
    return (data) => {
      const written = compiled(data);
      const expected = bySchema(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}
