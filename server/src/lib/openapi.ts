import { z } from 'zod';
import type { Endpoint } from '@console/contract/http/endpoint';
import { envelope } from '@console/contract/http/envelope';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  return rest as JsonSchema;
}

function area(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length > 1 ? parts[0]! : 'auth';
}

/** The OpenAPI 3 document, generated from the same declarations the server validates with. */
export function openApiDocument(endpoints: Endpoint[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of endpoints) {
    const query = jsonSchema(e.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
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
        description: `${access} Business errors answer HTTP 200 with another status string (see docs/decisions/001).`,
        parameters,
        ...(e.method === 'POST' && Object.keys((e.body as z.ZodObject).shape ?? {}).length > 0
          ? {
              requestBody: {
                content: {
                  [e.multipart ? 'multipart/form-data' : 'application/json']: { schema: jsonSchema(e.body, 'input') },
                },
              },
            }
          : {}),
        responses: {
          200: e.stream
            ? {
                description: 'A text/event-stream; each event is named by its type and carries this JSON',
                content: { 'text/event-stream': { schema: jsonSchema(e.response, 'output') } },
              }
            : {
                description: 'The envelope; status "200" alone is success',
                content: { 'application/json': { schema: jsonSchema(envelope(e.response), 'output') } },
              },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Machinery lease console API', version },
    paths,
  };
}
