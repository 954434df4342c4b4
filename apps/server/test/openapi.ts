import type { FastifyInstance } from 'fastify';

/** The parts of the OpenAPI document the suites read: operations, their parameters and bodies. */

export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

export type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  /** `METHOD /path/{param}`, as the matrices key them. */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, if the operation takes one. */
  body?: JsonSchema;
  /** The media types the operation reads, when it declares them (an upload: multipart). */
  consumes: string[];
  /** The file field of an upload: the binary field of its multipart body. */
  uploadField: string | undefined;
  /** Callable without a token (`security: []`). */
  isPublic: boolean;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
        summary?: string;
      }
    >
  >;
};

/** Every operation of the app's OpenAPI document, as served at /api/docs/json. */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const document = res.json<Document>();
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content['application/json']?.schema,
        consumes: Object.keys(content),
        uploadField: Object.entries(content['multipart/form-data']?.schema?.properties ?? {}).find(
          ([, field]) => field.format === 'binary',
        )?.[0],
        isPublic: Array.isArray(operation.security) && operation.security.length === 0,
      });
    }
  }
  return operations;
}

/** The path with each `{name}` replaced by its (already encoded) value. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return String(value);
  });
}

/** Names of the body fields that reference an object by id (`attempt_id`, `opponent_id`, …). */
export function idFieldsOf(schema: JsonSchema | undefined): string[] {
  return Object.keys(schema?.properties ?? {}).filter((name) => /(^|_)id$/.test(name));
}

/** Whether an operation takes an id: in its path, or as an `*_id` field of its body. */
export function takesAnId(operation: Operation): boolean {
  return (
    operation.parameters.some((p) => p.in === 'path' && /id$/i.test(p.name)) ||
    idFieldsOf(operation.body).length > 0
  );
}
