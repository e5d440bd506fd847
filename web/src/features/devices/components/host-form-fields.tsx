import { Col, Divider, Form, Input, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { LEASE_STATUS } from '@console/contract/codes/stock';
import type { DeviceOptions, DeviceRow } from '@console/contract/http/devices';
import { leaseHandoverScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useCodeLabel } from '../../../components/code-label.ts';
import { Field } from '../../../components/schema-form.tsx';
import { useDeviceFields } from '../fields.tsx';

const half = { xs: 24, md: 12, xl: 8 } as const;

/**
 * Lease status and customer, shown, not edited: entries and exits move a machine on and off lease
 * (docs/decisions/035-lease-handover.md); its lease periods are one link away.
 */
function LeaseState({ device }: { device?: DeviceRow }) {
  const { t } = useTranslation('devices');
  return (
    <Form.Item label={t('fields.leaseStatus')} extra={t('form.leaseByHandover')}>
      <span data-testid="host-lease-state">
        <StatusBadge table={LEASE_STATUS} value={device?.leaseStatus ?? 1} />
        {device?.customerName ? ` ${device.customerName} ` : ' '}
        {device && (
          <Link to={href(leaseHandoverScreens.deviceLeasePeriod, { deviceId: device.id })}>
            {t('form.leasePeriods')}
          </Link>
        )}
      </span>
    </Form.Item>
  );
}

/**
 * Every registry field of a host (spec section 3's Device), in three groups. Signal, position and status are
 * what the machine reports, so they are not here; the machine type follows the model.
 */
export function HostFormFields({
  form,
  options,
  editing,
  device,
}: {
  form: FormInstance;
  options: DeviceOptions;
  editing: boolean;
  /** The machine being edited (none when registering one). */
  device?: DeviceRow;
}) {
  const { t } = useTranslation('devices');
  const label = useCodeLabel();
  const modelId = Form.useWatch('modelId', form) as number | undefined;
  const model = options.models.find((m) => m.id === modelId);
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
              <Select options={options.owners.map((o) => ({ value: o.id, label: o.name }))} />
            </Field>
          </Col>
        )}
        {items(['inventoryState'])}
        <Col {...half}>
          <LeaseState device={device} />
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
