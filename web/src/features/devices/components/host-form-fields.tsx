import { Col, Divider, Form, Input, Radio, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { LEASE_STATUS } from '@console/contract/codes/stock';
import type { DeviceOptions } from '@console/contract/http/devices';
import { useCodeLabel } from '../../../components/code-label.ts';
import { Field } from '../../../components/schema-form.tsx';
import { useDeviceFields } from '../fields.tsx';

const half = { xs: 24, md: 12, xl: 8 } as const;

/**
 * Every registry field of a host (spec section 3's Device), in three groups. Signal, position and status are
 * what the machine reports, so they are not here; the machine type follows the model.
 */
export function HostFormFields({
  form,
  options,
  editing,
}: {
  form: FormInstance;
  options: DeviceOptions;
  editing: boolean;
}) {
  const { t } = useTranslation('devices');
  const label = useCodeLabel();
  const modelId = Form.useWatch('modelId', form) as number | undefined;
  const ownerId = Form.useWatch('ownerId', form) as number | undefined;
  const leased = Form.useWatch('leaseStatus', form) === 2;
  const model = options.models.find((m) => m.id === modelId);
  const customers = options.customers.filter((c) => ownerId === undefined || c.ownerId === ownerId);
  const fields = useDeviceFields();
  const items = (keys: Parameters<typeof fields.formItems>[0]) =>
    fields.formItems(keys, { wrap: (item) => <Col {...half}>{item}</Col> });

  return (
    <>
      <Divider titlePlacement="start">{t('form.identity')}</Divider>
      <Row gutter={24}>
        <Col {...half}>
          <Field
            name="serialNumber"
            label={t('fields.serialNumber')}
            extra={editing ? t('form.serialFixed') : undefined}
          >
            <Input maxLength={40} disabled={editing} placeholder={t('placeholders.serialNumber')} />
          </Field>
        </Col>
        <Col {...half}>
          <Field name="modelId" label={t('fields.model')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={options.models.map((m) => ({ value: m.id, label: m.brand ? `${m.name} · ${m.brand}` : m.name }))}
              onChange={(id: number) => {
                // A new model suggests its brand and type; what the user typed stays.
                const chosen = options.models.find((m) => m.id === id);
                if (chosen && !form.getFieldValue('brand')) form.setFieldValue('brand', chosen.brand);
                if (chosen && !form.getFieldValue('hostType')) form.setFieldValue('hostType', chosen.name);
              }}
            />
          </Field>
        </Col>
        <Col {...half}>
          <Form.Item label={t('fields.kind')} extra={t('form.kindHint')}>
            <Input disabled value={model ? label(MACHINE_KIND, model.category) : ''} aria-label={t('fields.kind')} />
          </Form.Item>
        </Col>
        {items(['hostSerial', 'hostName', 'deviceName', 'hostType', 'brand', 'location'])}
      </Row>
      <Divider titlePlacement="start">{t('form.equipment')}</Divider>
      <Row gutter={24}>
        {items([
          'machineNumber',
          'gpsSerial',
          'positioning',
          'licensePlate',
          'engineNumber',
          'frameNumber',
          'installedAt',
        ])}
      </Row>
      <Divider titlePlacement="start">{t('form.service')}</Divider>
      <Row gutter={24}>
        {options.owners.length > 1 && (
          <Col {...half}>
            <Field name="ownerId" label={t('fields.owner')}>
              <Select
                options={options.owners.map((o) => ({ value: o.id, label: o.name }))}
                onChange={() => form.setFieldValue('customerId', undefined)}
              />
            </Field>
          </Col>
        )}
        {items(['inventoryState'])}
        <Col {...half}>
          <Field name="leaseStatus" label={t('fields.leaseStatus')}>
            <Radio.Group
              options={LEASE_STATUS.codes.map((code) => ({
                value: code.value,
                label: label(LEASE_STATUS, code.value),
              }))}
              // A machine back in stock has no customer.
              onChange={(e) => e.target.value === 1 && form.setFieldValue('customerId', undefined)}
            />
          </Field>
        </Col>
        <Col {...half}>
          <Field name="customerId" label={t('fields.customer')} required={leased} dependencies={['leaseStatus']}>
            <Select
              allowClear
              disabled={!leased}
              showSearch={{ optionFilterProp: 'label' }}
              options={customers.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Field>
        </Col>
        <Col {...half}>
          <Field name="distributorId" label={t('fields.distributor')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={options.distributors.map((d) => ({ value: d.id, label: d.name }))}
            />
          </Field>
        </Col>
        {items(['serviceExpiresAt'])}
      </Row>
    </>
  );
}
