import { Button, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { partyEndpoints, type TemplateRow } from '@console/contract/http/lease-parties';
import { DEFAULT_TEMPLATE_FIELDS, TEMPLATE_FIELDS } from '@console/contract/lease/template';
import type { RegistryForm } from '../../../components/registry-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { UploadField } from '../../../components/upload-field.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { PARTY_READS } from '../api.ts';

const NUMBERS = ['page', 'x', 'y', 'width', 'height', 'size'] as const;

/**
 * A template: its PDF (an upload, pdf only, at most 5 MB; none draws the built-in A4 layout) and the named fields
 * placed on it, in PDF points from the bottom-left corner (A4 is 595 × 842). Both signatures and the seal are needed.
 */
function TemplateFields() {
  const { t } = useTranslation('lease-parties');
  return (
    <>
      <Field name="name" label={t('esign.templateName')}>
        <Input maxLength={100} />
      </Field>
      <Field name="lang" label={t('esign.lang')}>
        <Select
          options={[
            { value: 'zh', label: t('esign.langZh') },
            { value: 'en', label: t('esign.langEn') },
          ]}
        />
      </Field>
      <Field name="baseUpload" label={t('esign.basePdf')} extra={t('esign.basePdfHint')}>
        <UploadField kind="pdf" />
      </Field>
      <Field name="isDefault" label={t('esign.isDefault')} valuePropName="checked">
        <Switch />
      </Field>
      <Field name="fields" label={t('esign.fieldPositions')} extra={t('esign.fieldPositionsHint')}>
        <Form.List name="fields">
          {(items, { add, remove }) => (
            <Space direction="vertical" size={4} style={{ width: '100%' }}>
              <Space size={4} style={{ paddingLeft: 4 }}>
                <Typography.Text type="secondary" style={{ width: 150, display: 'inline-block' }}>
                  {t('esign.fieldName')}
                </Typography.Text>
                {NUMBERS.map((n) => (
                  <Typography.Text key={n} type="secondary" style={{ width: 64, display: 'inline-block' }}>
                    {t(`esign.position.${n}`)}
                  </Typography.Text>
                ))}
              </Space>
              {items.map((item) => (
                <Space key={item.key} size={4}>
                  <Form.Item name={[item.name, 'name']} noStyle>
                    <Select
                      style={{ width: 150 }}
                      aria-label={t('esign.fieldName')}
                      options={TEMPLATE_FIELDS.map((f) => ({ value: f, label: t(`esign.fields.${f}`) }))}
                    />
                  </Form.Item>
                  {NUMBERS.map((n) => (
                    <Form.Item key={n} name={[item.name, n]} noStyle>
                      <InputNumber<number>
                        style={{ width: 64 }}
                        min={0}
                        max={2000}
                        aria-label={t(`esign.position.${n}`)}
                      />
                    </Form.Item>
                  ))}
                  <Button
                    type="text"
                    aria-label={t('esign.removeField')}
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ name: 'remark', page: 0, x: 56, y: 200, width: 0, height: 0, size: 11 })}
              >
                {t('esign.addField')}
              </Button>
            </Space>
          )}
        </Form.List>
      </Field>
    </>
  );
}

const editable = (row: TemplateRow) => ({
  id: row.id,
  name: row.name,
  lang: row.lang,
  baseUpload: row.baseUpload,
  fields: row.fields,
  isDefault: row.isDefault,
});

export function useTemplateForm(): RegistryForm<
  TemplateRow,
  typeof partyEndpoints.templateCreate.body,
  typeof partyEndpoints.templateUpdate.body
> {
  const { t } = useTranslation('lease-parties');
  const create = useEndpointMutation(partyEndpoints.templateCreate, { invalidates: PARTY_READS, silent: true });
  const update = useEndpointMutation(partyEndpoints.templateUpdate, { invalidates: PARTY_READS, silent: true });
  return {
    width: 760,
    fields: () => <TemplateFields />,
    create: {
      title: t('esign.addTemplate'),
      schema: partyEndpoints.templateCreate.body,
      initialValues: { lang: 'zh', baseUpload: '', isDefault: false, fields: DEFAULT_TEMPLATE_FIELDS },
      submit: (body) => create.mutateAsync({ body }),
    },
    update: {
      title: (row) => t('esign.editTemplate', { name: row.name }),
      schema: partyEndpoints.templateUpdate.body,
      submit: (body) => update.mutateAsync({ body }),
      initialValues: editable,
    },
  };
}
