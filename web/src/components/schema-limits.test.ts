import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaMaxLength } from './schema-limits.ts';

describe('schemaMaxLength', () => {
  it('finds the limit of a text field through optional, default and transform', () => {
    const schema = z.object({
      plain: z.string().max(10),
      optional: z.string().trim().max(20).optional(),
      defaulted: z.string().max(30).optional().default(''),
      piped: z
        .string()
        .max(40)
        .transform((s) => s.toUpperCase()),
      none: z.number(),
    });
    expect(schemaMaxLength(schema, 'plain')).toBe(10);
    expect(schemaMaxLength(schema, 'optional')).toBe(20);
    expect(schemaMaxLength(schema, 'defaulted')).toBe(30);
    expect(schemaMaxLength(schema, 'piped')).toBe(40);
    expect(schemaMaxLength(schema, 'none')).toBeUndefined();
    expect(schemaMaxLength(schema, 'missing')).toBeUndefined();
    expect(schemaMaxLength(null, 'plain')).toBeUndefined();
  });
});
