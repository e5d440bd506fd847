import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Endpoint } from '@console/contract/http/endpoint';
import { envelope } from '@console/contract/http/envelope';

type JsonSchema = Record<string, unknown>;

/** The document's components/schemas: recursive and named (`.meta({ id })`) schemas, published once. */
type Components = Map<string, { json: string; schema: JsonSchema }>;

/**
 * One zod schema as OpenAPI 3.0 JSON Schema. zod puts recursive and named schemas in a local `definitions`
 * block that OpenAPI does not know; they move to components/schemas (by their id, or by their content when
 * they have none) and every reference follows them, so standard validators and client generators can read it.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;
  const { $schema: _ignored, definitions, $defs, ...rest } = generated;
  const local = { ...(definitions as Record<string, JsonSchema>), ...($defs as Record<string, JsonSchema>) };
  const names = new Map<string, string>();
  for (const [name, def] of Object.entries(local)) {
    const content = JSON.stringify(def);
    const suffix = io === 'input' ? 'Input' : '';
    names.set(
      name,
      name.startsWith('__schema')
        ? `Schema${createHash('sha256').update(content).digest('hex').slice(0, 10)}`
        : `${name}${suffix}`,
    );
  }
  const moved = (value: JsonSchema) =>
    JSON.parse(
      JSON.stringify(value).replace(/"#\/(?:definitions|\$defs)\/([^"]+)"/g, (_m, name: string) => {
        return JSON.stringify(`#/components/schemas/${names.get(name) ?? name}`);
      }),
      // OpenAPI 3.0 says a file is `format: binary`; JSON Schema's contentEncoding is not part of it.
      (_key, v: unknown) => {
        if (v && typeof v === 'object' && (v as JsonSchema).format === 'binary')
          delete (v as JsonSchema).contentEncoding;
        return v;
      },
    ) as JsonSchema;
  for (const [name, def] of Object.entries(local)) {
    const componentName = names.get(name)!;
    const published = moved(def);
    const json = JSON.stringify(published);
    const held = components.get(componentName);
    // Two different schemas under one id would make every reference to it ambiguous.
    if (held && held.json !== json) throw new Error(`two different schemas are named ${componentName}`);
    components.set(componentName, { json, schema: published });
  }
  return moved(rest);
}

function area(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length > 1 ? parts[0]! : 'auth';
}

/** The OpenAPI 3 document, generated from the same declarations the server validates with. */
export function openApiDocument(endpoints: Endpoint[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = new Map();
  for (const e of endpoints) {
    const query = jsonSchema(e.query, 'input', components) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    const parameters = [
      { name: 'lang', in: 'header', schema: { type: 'string', enum: ['zh_CN', 'en_US'] } },
      { name: 'timeZone', in: 'header', schema: { type: 'string' }, example: 'Asia/Shanghai' },
      ...(e.access === 'public' ? [] : [{ name: 'token', in: 'header', required: true, schema: { type: 'string' } }]),
      ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        schema,
      })),
    ];
    const access =
      e.access === 'public'
        ? 'Public.'
        : e.access === 'signedIn'
          ? 'Any signed-in user.'
          : `Roles ${e.access.roles.join(', ')}.`;
    paths[`/api${e.path}`] = {
      [e.method.toLowerCase()]: {
        tags: [area(e.path)],
        summary: e.summary,
        description: `${access} Data scope: ${e.scope}. Business errors answer HTTP 200 with another status string (see docs/decisions/001).`,
        parameters,
        ...(e.method === 'POST' && Object.keys((e.body as z.ZodObject).shape ?? {}).length > 0
          ? {
              requestBody: {
                content: {
                  [e.multipart ? 'multipart/form-data' : 'application/json']: {
                    schema: jsonSchema(e.body, 'input', components),
                  },
                },
              },
            }
          : {}),
        responses: {
          200: e.stream
            ? {
                description: 'A text/event-stream; each event is named by its type and carries this JSON',
                content: { 'text/event-stream': { schema: jsonSchema(e.response, 'output', components) } },
              }
            : {
                description: 'The envelope; status "200" alone is success',
                content: { 'application/json': { schema: jsonSchema(envelope(e.response), 'output', components) } },
              },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Machinery lease console API', version },
    paths,
    components: {
      schemas: Object.fromEntries(
        [...components].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, v.schema]),
      ),
    },
  };
}
