import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REGIONS, regionNamed } from '@console/contract/codes/region-list';
import { Field } from './schema-form.tsx';

/**
 * Province and city picked from the region list (contract/codes/region-list.ts), never typed, and the district
 * typed below them: the city's options are the chosen province's, choosing another province clears the city and
 * the district, and choosing another city clears the district (a district belongs to its city). Values are the
 * official Chinese names; the English console labels them in English.
 */
export function RegionFields({
  provinceLabel,
  cityLabel,
  districtLabel,
  districtMaxLength,
}: {
  provinceLabel: string;
  cityLabel: string;
  districtLabel: string;
  districtMaxLength: number;
}) {
  const { i18n } = useTranslation();
  const form = Form.useFormInstance();
  const province = Form.useWatch<string | undefined>('province', form);
  const english = i18n.language === 'en';
  const labelOf = (r: { name: string; en: string }) => (english ? `${r.en} · ${r.name}` : r.name);
  return (
    <>
      <Field name="province" label={provinceLabel}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={REGIONS.map((r) => ({ value: r.name, label: labelOf(r) }))}
          onChange={() => form.setFieldsValue({ city: '', district: '' })}
          onClear={() => form.setFieldValue('province', '')}
        />
      </Field>
      <Field name="city" label={cityLabel}>
        <Select
          allowClear
          disabled={!province}
          showSearch={{ optionFilterProp: 'label' }}
          options={(regionNamed(province ?? '')?.cities ?? []).map((c) => ({ value: c.name, label: labelOf(c) }))}
          onChange={() => form.setFieldValue('district', '')}
          onClear={() => form.setFieldValue('city', '')}
        />
      </Field>
      <Field name="district" label={districtLabel}>
        <Input maxLength={districtMaxLength} />
      </Field>
    </>
  );
}
