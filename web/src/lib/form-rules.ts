import type { FormInstance, RuleObject } from 'antd/es/form';
import type { z } from 'zod';
import { invalidData } from '@console/contract/http/envelope';
import { translate } from '@console/contract/messages/translate';
import { ApiFailure } from './api-client.ts';
import { emitApiEvent } from './api-events.ts';
import { currentApiLang } from './i18n.ts';

/** A contract message key (the schemas' error texts) in the language the console shows. */
export function messageText(key: string): string {
  return translate(currentApiLang(), key);
}

/**
 * A form rule that validates with the same contract field schema as the server, so the console and the
 * server refuse the same input with the same words.
 */
export function schemaRule(schema: z.ZodType): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(messageText(result.error.issues[0]?.message ?? 'validation.invalid'));
    },
  };
}

/** A rule from a predicate, with a contract message key as its text. */
export function checkRule(isValid: (value: unknown) => boolean, messageKey: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (!isValid(value)) throw new Error(messageText(messageKey));
    },
  };
}

/**
 * Put the server's "invalid input" answer on the fields it names. Answers whether every issue found a
 * field of this form (otherwise the caller shows the message another way).
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  /** Server field name to form field name, where they differ (the login form calls `mobile` `account`). */
  aliases: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiFailure)) return false;
  const parsed = invalidData.safeParse(error.data);
  if (!parsed.success || parsed.data.issues.length === 0) return false;
  const registered = Object.keys(form.getFieldsValue());
  const issues = parsed.data.issues.map((issue) => {
    const field = issue.path.split('.')[0]!;
    return { name: aliases[field] ?? field, text: messageText(issue.message) };
  });
  if (!issues.every((issue) => registered.includes(issue.name))) return false;
  form.setFields(issues.map((issue) => ({ name: issue.name, errors: [issue.text] })));
  return true;
}

/**
 * Show a failed submit of a form whose call was made `silent`: on the fields the server named, otherwise as
 * the usual error toast (the server's message, or `fallback`, or the generic request-error text).
 */
export function showFailure(
  form: FormInstance,
  error: unknown,
  options: { aliases?: Record<string, string>; fallback?: string } = {},
): void {
  if (showServerFieldErrors(form, error, options.aliases)) return;
  const failure = error instanceof ApiFailure ? error : null;
  emitApiEvent({
    type: 'error',
    message: failure?.message || options.fallback || '',
    network: failure?.status === 'network',
  });
}
