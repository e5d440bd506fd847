import { useId } from 'react';
import { Form, Input, Select, Space } from 'antd';
import { isValidPhone } from '@console/contract/http/fields';
import { checkRule } from '../lib/form-rules.ts';
import { Field } from './schema-form.tsx';

/** Calling codes offered beside a number; 86 (mainland China) first and default. */
export const AREA_CODES = [
  '86',
  '852',
  '853',
  '886',
  '1',
  '44',
  '61',
  '65',
  '60',
  '81',
  '82',
  '971',
  '49',
  '33',
  '91',
  '66',
  '84',
];

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
  areaLabel,
  disabled,
  optional,
}: {
  label: string;
  name?: string;
  /** Accessible name of the area-code select. */
  areaLabel?: string;
  disabled?: boolean;
  /** May stay empty (an optional contact number); a number given is still checked. */
  optional?: boolean;
}) {
  const id = useId();
  return (
    <Form.Item label={label} required={!optional} htmlFor={id}>
      <Space.Compact block>
        <Form.Item name="areaCode" noStyle initialValue="86">
          <Select
            aria-label={areaLabel ?? label}
            style={{ width: 96 }}
            disabled={disabled}
            popupMatchSelectWidth={false}
            options={AREA_CODES.map((code) => ({ value: code, label: `+${code}` }))}
          />
        </Form.Item>
        <Field
          name={name}
          noStyle
          dependencies={['areaCode']}
          validateFirst
          rules={[
            ({ getFieldValue }) =>
              checkRule(
                (value) =>
                  (optional && String(value ?? '').trim() === '') ||
                  isValidPhone(String(value ?? '').trim(), getFieldValue('areaCode')),
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
