import { Card, Col, Form, Input, InputNumber, Radio, Row, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fenceEndpoints, type FenceDetail } from '@console/contract/http/fences';
import { FENCE_EDITORS } from '@console/contract/access/fences';
import { DayField, TimeField } from '../../../components/picker-fields.tsx';
import { DetailPage } from '../../../components/detail-page.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Field, SchemaForm } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useBrand } from '../../../lib/brand.ts';
import { useHasRole } from '../../../lib/session.ts';
import { FENCE_READS } from '../api/fences.ts';
import { BoundMachines } from '../components/bound-machines.tsx';
import { FenceAlarms } from '../components/fence-alarms.tsx';
import { FenceMapEditor } from '../components/fence-map-editor.tsx';
import { href } from '@console/contract/screens/screen';
import { fenceScreens } from '@console/contract/screens/fences';

/** /deviceManagement/fence?id=<id>: one fence to draw and edit, its machines and its alarms; without id, a new one. */
export function FencePage() {
  const id = useScreenQuery(fenceScreens.editor).query.id || null;
  const fence = useQuery({ ...endpointQuery(fenceEndpoints.detail, { id: id ?? 0 }), enabled: id !== null });
  if (id === null) return <FenceEditor fence={null} />;
  return (
    <QueryState query={fence}>
      {(data) => (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <FenceEditor fence={data} />
          <FenceRecords fence={data} />
        </Space>
      )}
    </QueryState>
  );
}

function FenceEditor({ fence }: { fence: FenceDetail | null }) {
  const { t } = useTranslation(['fences', 'common']);
  const navigate = useNavigate();
  // Silent: the form shows a refusal on its field.
  const update = useEndpointMutation(fenceEndpoints.update, { invalidates: FENCE_READS, silent: true });
  const create = useEndpointMutation(fenceEndpoints.create, { invalidates: FENCE_READS, silent: true });
  const [form] = Form.useForm();
  const mayEdit = useHasRole(FENCE_EDITORS);
  const readOnly = fence ? !fence.editable : !mayEdit;
  // A new fence starts on the brand's map: the regional one for a mainland brand.
  const brandMap = useBrand().info.region === 'zh' ? 'regional' : 'global';
  const provider = Form.useWatch('mapProvider', form) ?? fence?.mapProvider ?? brandMap;
  const initialValues = fence ?? { mapProvider: brandMap, areaCode: '86', shape: null };

  const save = async (body: unknown) => {
    if (fence) {
      await update.mutateAsync({ body: { ...(body as object), id: fence.id } as never });
      return fence.id;
    }
    const created = await create.mutateAsync({ body: body as never });
    return created.id;
  };

  return (
    <Card title={fence ? fence.name : t('detail.newTitle')}>
      <SchemaForm
        name="fence"
        form={form}
        schema={fenceEndpoints.create.body}
        initialValues={initialValues as never}
        disabled={readOnly}
        onSubmit={save}
        successMessage={fence ? t('detail.saved') : t('detail.created')}
        onSuccess={(savedId) => {
          if (!fence) void navigate(href(fenceScreens.editor, { id: savedId }), { replace: true });
        }}
      >
        <Row gutter={24}>
          <Col xs={24} lg={9}>
            <Field name="name" label={t('fields.name')}>
              <Input maxLength={60} />
            </Field>
            <Row gutter={12}>
              <Col span={12}>
                <Field name="startDate" label={t('fields.startDate')}>
                  <DayField />
                </Field>
              </Col>
              <Col span={12}>
                <Field name="endDate" label={t('fields.endDate')} dependencies={['startDate']}>
                  <DayField />
                </Field>
              </Col>
            </Row>
            <Row gutter={12}>
              <Col span={12}>
                <Field name="alarmStart" label={t('fields.alarmStart')} dependencies={['alarmEnd']}>
                  <TimeField />
                </Field>
              </Col>
              <Col span={12}>
                <Field name="alarmEnd" label={t('fields.alarmEnd')} dependencies={['alarmStart']}>
                  <TimeField />
                </Field>
              </Col>
            </Row>
            <Field name="dailyLimitHours" label={t('fields.dailyLimitHours')}>
              <InputNumber min={0} max={24} step={0.5} style={{ width: '100%' }} suffix={t('list.hoursUnit')} />
            </Field>
            <Field name="contactName" label={t('fields.contactName')}>
              <Input maxLength={40} />
            </Field>
            <PhoneField
              name="contactPhone"
              label={t('fields.contactPhone')}
              areaLabel={t('fields.areaCode')}
              optional
            />
            <Field name="location" label={t('fields.location')}>
              <Input maxLength={200} />
            </Field>
            {fence && (
              <Typography.Paragraph type="secondary">
                {t('detail.timeZone', { zone: fence.timeZone })}
              </Typography.Paragraph>
            )}
          </Col>
          <Col xs={24} lg={15}>
            <Field name="mapProvider" label={t('fields.mapProvider')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'global', label: t('maps.global') },
                  { value: 'regional', label: t('maps.regional') },
                ]}
              />
            </Field>
            <Field name="shape" label={t('fields.shape')} required>
              <FenceMapEditor provider={provider} disabled={readOnly} fenceId={fence?.id} />
            </Field>
          </Col>
        </Row>
      </SchemaForm>
    </Card>
  );
}

function FenceRecords({ fence }: { fence: FenceDetail }) {
  const { t } = useTranslation('fences');
  return (
    <DetailPage
      tabs={[
        {
          key: 'machines',
          label: t('detail.machinesTab', { count: fence.deviceCount }),
          render: () => <BoundMachines fence={fence} />,
        },
        { key: 'alarms', label: t('detail.alarmsTab'), render: () => <FenceAlarms fence={fence} /> },
      ]}
    />
  );
}
