import { useId } from 'react';
import { Form, Input, Select, Space } from 'antd';
import { isValidPhone } from '@console/contract/http/fields';
import { useBrand } from '../lib/brand.ts';
import { checkRule } from '../lib/form-rules.ts';
import { AREA_CODES, defaultDialCode } from './dial-code.ts';
import { Field } from './schema-form.tsx';

/**
 * A phone number with its area code inside a SchemaForm (fields `areaCode` and `mobile` by default),
 * checked as the server checks it: the schema's rule, then a mainland mobile under +86 or a plausible
 * number under another code.
 *
 *   <PhoneField label={t('phone')} />
 */
export function PhoneField({
  label,
  name = 'mobile',
  areaName = 'areaCode',
  areaLabel,
  disabled,
  optional,
}: {
  label: string;
  name?: string;
  /** The area code's field, when a form holds two numbers (a company's and its administrator's). */
  areaName?: string;
  /** Accessible name of the area-code select. */
  areaLabel?: string;
  disabled?: boolean;
  /** May stay empty (an optional contact number); a number given is still checked. */
  optional?: boolean;
}) {
  const id = useId();
  const dialCode = defaultDialCode(useBrand().info);
  const codes = AREA_CODES.includes(dialCode) ? AREA_CODES : [dialCode, ...AREA_CODES];
  return (
    <Form.Item label={label} required={!optional} htmlFor={id}>
      <Space.Compact block>
        <Form.Item name={areaName} noStyle initialValue={dialCode}>
          <Select
            aria-label={areaLabel ?? label}
            style={{ width: 96 }}
            disabled={disabled}
            popupMatchSelectWidth={false}
            options={codes.map((code) => ({ value: code, label: `+${code}` }))}
          />
        </Form.Item>
        <Field
          name={name}
          noStyle
          dependencies={[areaName]}
          validateFirst
          rules={[
            ({ getFieldValue }) =>
              checkRule(
                (value) =>
                  (optional && String(value ?? '').trim() === '') ||
                  isValidPhone(String(value ?? '').trim(), getFieldValue(areaName)),
                'validation.phone',
              ),
          ]}
        >
          <Input id={id} inputMode="tel" disabled={disabled} />
        </Field>
      </Space.Compact>
    </Form.Item>
  );
}
