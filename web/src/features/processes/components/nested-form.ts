import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { invalidData } from '@console/contract/http/envelope';
import { isMessageKey } from '@console/contract/messages/translate';
import { ApiFailure } from '../../../lib/api-client.ts';
import { messageText, showFailure } from '../../../lib/form-rules.ts';

type Path = (string | number)[];
interface Issue {
  path: Path;
  text: string;
}

const textOf = (key: string) => messageText(isMessageKey(key) ? key : 'validation.invalid');

/**
 * Submitting a designer (a form's fields, a model's nodes): a form of lists, checked by the contract's schema and
 * the server, whose refusals name an item's input (`fields.2.key`). Each lands on that input; one about the list as a
 * whole (none, too many) is answered as `listError` for the page to show above the list.
 */
export function useNestedSubmit<S extends z.ZodType>(form: FormInstance, schema: S, list: string) {
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const show = (issues: Issue[]) => {
    const whole = issues.find((i) => i.path.length <= 1 && i.path[0] === list);
    setListError(whole?.text ?? null);
    form.setFields(issues.filter((i) => i !== whole).map((i) => ({ name: i.path, errors: [i.text] })));
  };
  const submit = async (send: (values: z.output<S>) => Promise<unknown>) => {
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      show(parsed.error.issues.map((i) => ({ path: i.path as Path, text: textOf(i.message) })));
      return false;
    }
    setListError(null);
    setBusy(true);
    try {
      await send(parsed.data);
      return true;
    } catch (error) {
      const answer = error instanceof ApiFailure ? invalidData.safeParse(error.data) : null;
      if (answer?.success) {
        show(
          answer.data.issues.map((i) => ({
            path: i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            text: textOf(i.message),
          })),
        );
      } else showFailure(form, error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { submit, listError, busy };
}
