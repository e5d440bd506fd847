import { Descriptions, Input, InputNumber, Select } from 'antd';
import type { FormFieldDecl } from '@console/contract/http/processes';
import { moneyText } from '../../../lib/money.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { YuanInput } from '../../../components/yuan-input.tsx';

/** The input of a declared field: money in yuan held as cents, a select of its options, a day, a number. */
function inputOf(field: FormFieldDecl) {
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={2000} />;
    case 'number':
      return <InputNumber<number> style={{ width: '100%' }} />;
    case 'money':
      return <YuanInput />;
    case 'date':
      return <DayField />;
    case 'select':
      return <Select allowClear options={field.options.map((o) => ({ value: o, label: o }))} />;
    default:
      return <Input maxLength={field.type === 'machine' ? 40 : 200} />;
  }
}

/**
 * A template's fields as the items of a SchemaForm whose schema is `formDataSchema(fields)`: the starter fills them
 * and the server checks the same declarations (`disabled` for a preview).
 */
export function DeclaredFormItems({ fields }: { fields: readonly FormFieldDecl[] }) {
  return fields.map((field) => (
    <Field
      key={field.key}
      name={field.key}
      label={field.label}
      extra={field.help || undefined}
      required={field.required}
    >
      {inputOf(field)}
    </Field>
  ));
}

/**
 * A declared value as shown: money with the currency's symbol (its label is the template's own words, which cannot
 * name the brand's currency), everything else as entered.
 */
export function declaredText(field: FormFieldDecl, value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (field.type === 'money' && typeof value === 'number') return moneyText(value);
  return String(value);
}

/** A process's form data, in its template's order. */
export function DeclaredValues({ fields, data }: { fields: readonly FormFieldDecl[]; data: Record<string, unknown> }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={fields.map((field) => ({
        key: field.key,
        label: field.label,
        span: field.type === 'textarea' ? 2 : 1,
        children: <span style={{ whiteSpace: 'pre-wrap' }}>{declaredText(field, data[field.key])}</span>,
      }))}
    />
  );
}
