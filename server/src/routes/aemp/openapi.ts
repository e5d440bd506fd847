import { z } from 'zod';
import { aempEndpoints } from '@console/contract/http/aemp';

type JsonSchema = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as JsonSchema;
  return rest;
};

/**
 * The ISO 15143-3 paths of the OpenAPI document (docs/decisions/068-iso-15143-3-api.md): path parameters, the API
 * key, the XML and JSON answers, and the refusals, from the same declarations the server checks with.
 */
export function aempOpenApiPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  const problem = {
    content: {
      'application/problem+json': {
        schema: {
          type: 'object',
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
          },
        },
      },
    },
  };
  for (const e of Object.values(aempEndpoints)) {
    const params = schemaOf(e.query, 'input') as { properties?: Record<string, JsonSchema> };
    const response = schemaOf(e.response, 'output');
    paths[`/api${e.path}`] = {
      get: {
        tags: ['ISO 15143-3 (AEMP 2.0)'],
        summary: e.summary,
        description:
          'Called with an API key of the organisation (Authorization: Bearer <key>, or X-API-Key). XML by default ' +
          '(schema: server/src/routes/aemp/iso-15143-3.xsd); JSON when Accept asks for application/json. ' +
          'Paged 100 records a page from 1; Links name self, prev, next and last.',
        security: [{ aempKey: [] }],
        parameters: Object.entries(params.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'path',
          required: true,
          schema,
        })),
        responses: {
          200: {
            description: 'The ISO 15143-3 document',
            content: {
              'application/xml': { schema: { type: 'string' } },
              'application/json': { schema: response },
            },
          },
          400: { description: 'A path parameter is invalid', ...problem },
          401: { description: 'No key, or a revoked or expired one', ...problem },
          404: { description: "Not one of the key's machines, or a data point its kind does not report", ...problem },
          429: {
            description: "More requests than the key's rate; Retry-After says when to try again",
            headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds' } },
            ...problem,
          },
        },
      },
    };
  }
  return paths;
}

/** The API key's security scheme, for components.securitySchemes. */
export const AEMP_SECURITY_SCHEME = { aempKey: { type: 'http', scheme: 'bearer', description: 'An API key' } };
