import { createContext, use, useId, useState, type ReactNode } from 'react';
import { App, Button, Form, type FormInstance, type FormItemProps } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '@console/contract/messages/translate';
import { messageText, showFailure } from '../lib/form-rules.ts';

/**
 * A form validated by the same zod schema as the server's endpoint: each field as the user leaves it
 * and the whole form on submit (so rules across fields hold too), with the schema's message keys
 * translated. Errors the server answers on a field (data.field / data.issues) land on that field.
 *
 *   <SchemaForm
 *     schema={settingsEndpoints.updateProfile.body}
 *     initialValues={profile}
 *     onSubmit={(body) => save.mutateAsync({ body })}
 *     successMessage={t('common:saved')}
 *   >
 *     <Field name="nickname" label={t('nickname')}><Input /></Field>
 *   </SchemaForm>
 *
 * `onSubmit` must call with `{ silent: true }`: a refusal is shown on its field, or else as the usual toast.
 */
type AnySchema = z.ZodType<unknown, unknown>;

const SchemaContext = createContext<AnySchema | null>(null);

export interface SchemaFormProps<S extends AnySchema, R> {
  schema: S;
  form?: FormInstance;
  initialValues?: Partial<z.input<S>>;
  onSubmit: (values: z.output<S>) => Promise<R>;
  onSuccess?: (result: R) => void;
  successMessage?: string;
  /** Read-only: fields disabled and no submit button. */
  disabled?: boolean;
  /** The submit button's text; `false` hides it (a dialog submits with its OK button). */
  submitText?: ReactNode | false;
  layout?: 'vertical' | 'horizontal';
  children: ReactNode;
  onSubmittingChange?: (submitting: boolean) => void;
  /** Prefix of the fields' element ids; unique by default, so two forms on a page never share an id. */
  name?: string;
}

/** The schema's issues, each with its first path segment: the form field it belongs to. */
export function schemaIssues(schema: AnySchema, values: unknown): { name: string; message: string }[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    name: String(issue.path[0] ?? ''),
    // Texts that are not message keys (zod's own) get the generic localised one, as on the server.
    message: messageText(isMessageKey(issue.message) ? issue.message : 'validation.invalid'),
  }));
}

export function SchemaForm<S extends AnySchema, R>({
  schema,
  form: given,
  initialValues,
  onSubmit,
  onSuccess,
  successMessage,
  disabled,
  submitText,
  layout = 'vertical',
  children,
  onSubmittingChange,
  name,
}: SchemaFormProps<S, R>) {
  const generated = useId().replace(/\W/g, '');
  const [own] = Form.useForm();
  const form = given ?? own;
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  const [submitting, setSubmitting] = useState(false);

  const busy = (value: boolean) => {
    setSubmitting(value);
    onSubmittingChange?.(value);
  };

  const finish = async () => {
    const values = form.getFieldsValue(true) as unknown;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const issues = schemaIssues(schema, values);
      form.setFields(issues.filter((i) => i.name).map((i) => ({ name: i.name, errors: [i.message] })));
      // A long form's first problem may be out of sight of its submit button.
      const first = issues.find((i) => i.name);
      if (first) form.scrollToField(first.name, { block: 'center' });
      return;
    }
    busy(true);
    try {
      const result = await onSubmit(parsed.data as z.output<S>);
      if (successMessage) void message.success(successMessage);
      onSuccess?.(result);
    } catch (error) {
      showFailure(form, error);
    } finally {
      busy(false);
    }
  };

  return (
    <SchemaContext value={schema}>
      <Form
        form={form}
        name={name ?? `form${generated}`}
        layout={layout}
        initialValues={initialValues}
        onFinish={finish}
        disabled={disabled}
        // A read-only form marks nothing as required.
        requiredMark={disabled ? false : undefined}
      >
        {children}
        {submitText !== false && !disabled && (
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {submitText ?? t('save')}
            </Button>
          </Form.Item>
        )}
      </Form>
    </SchemaContext>
  );
}

/** The schema of the SchemaForm around (null outside one): its fields' rules give an input its limits. */
export const useFormSchema = () => use(SchemaContext);

/**
 * A field of a SchemaForm: validated by the form's schema as the user edits it, marked required when the
 * schema refuses it empty. Other Form.Item props pass through (e.g. `dependencies` for rules across fields).
 */
export function Field({ name, ...props }: Omit<FormItemProps, 'name'> & { name: string }) {
  const schema = use(SchemaContext);
  const form = Form.useFormInstance();
  const shape = (schema as { shape?: Record<string, AnySchema> } | null)?.shape;
  const required = props.required ?? (shape?.[name] ? !shape[name].safeParse(undefined).success : undefined);
  const rules = schema
    ? [
        {
          validator: async () => {
            const mine = schemaIssues(schema, form.getFieldsValue(true)).find((issue) => issue.name === name);
            if (mine) throw new Error(mine.message);
          },
        },
        ...(props.rules ?? []),
      ]
    : props.rules;
  return <Form.Item {...props} name={name} required={required} rules={rules} />;
}
