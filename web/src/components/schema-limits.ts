import type { z } from 'zod';

type AnySchema = z.ZodType<unknown, unknown>;
interface Inspectable {
  maxLength?: number | null;
  def?: { innerType?: Inspectable; in?: Inspectable; schema?: Inspectable };
}

/**
 * The longest text a form's field may hold, as the schema says (`z.string().max(n)`, also inside optional, default
 * and transform): the input stops there instead of refusing it after the fact.
 */
export function schemaMaxLength(schema: AnySchema | null, name: string): number | undefined {
  let field = (schema as { shape?: Record<string, Inspectable> } | null)?.shape?.[name];
  for (let depth = 0; field && depth < 6; depth++) {
    if (typeof field.maxLength === 'number') return field.maxLength;
    field = field.def?.innerType ?? field.def?.in ?? field.def?.schema;
  }
  return undefined;
}
