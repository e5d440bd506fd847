import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Result, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { CHANGE_OP } from '@console/contract/codes/contract-change';
import { requiredPrices } from '@console/contract/codes/lease-pricing';
import { invalidData } from '@console/contract/http/envelope';
import { leaseChangeEndpoints as api, type ChangeDetail } from '@console/contract/http/lease-changes';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { changeDraftInput } from '@console/contract/lease/change-forms';
import { allowancePerDay } from '@console/contract/lease/overtime';
import { isMessageKey } from '@console/contract/messages/translate';
import { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import { href } from '@console/contract/screens/screen';
import { codeOptions, numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { currencyVariablesOf, recordMoneyText } from '../../../lib/money.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiFailure } from '../../../lib/api-client.ts';
import { emitApiEvent } from '../../../lib/api-events.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { messageText } from '../../../lib/form-rules.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import {
  CONTRACT_READS,
  hoursToTenths,
  tenthsToHours,
  toCents,
  toYuan,
  useIsContractWriter,
} from '../../lease-contracts/index.ts';

/** A line as the form holds it: prices in yuan. */
interface LineValues {
  op?: 'add' | 'remove' | 'reprice';
  lineId?: number | null;
  deviceId?: number | null;
  modelId?: number | null;
  count?: number | null;
  businessModel?: number | null;
  dayYuan?: number | null;
  monthYuan?: number | null;
  /** An added or repriced line's hours included per billed day or month and overtime price per hour (decision 070). */
  allowanceHours?: number | null;
  overtimeYuan?: number | null;
}
interface FormValues {
  contractId?: number;
  effectiveOn?: string;
  endOn?: string;
  remark?: string;
  lines?: LineValues[];
}

const bodyOf = (v: FormValues) => ({
  contractId: v.contractId,
  effectiveOn: v.effectiveOn ?? '',
  endOn: v.endOn || null,
  remark: v.remark ?? '',
  lines: (v.lines ?? []).map((l) => ({
    op: l.op,
    lineId: l.lineId ?? null,
    deviceId: l.deviceId ?? null,
    modelId: l.deviceId ? null : (l.modelId ?? null),
    count: l.count ?? 1,
    businessModel: l.businessModel ?? null,
    dayCents: toCents(l.dayYuan),
    monthCents: toCents(l.monthYuan),
    allowanceTenths: hoursToTenths(l.allowanceHours),
    overtimeCents: toCents(l.overtimeYuan),
  })),
});

const valuesOf = (c: ChangeDetail): FormValues => ({
  contractId: c.contractId,
  effectiveOn: c.effectiveOn,
  endOn: c.movesEnd ? c.endOn : '',
  remark: c.remark,
  lines: c.lines.map((l) => ({
    op: l.op,
    lineId: l.lineId,
    deviceId: l.op === 'add' ? l.deviceId : null,
    modelId: l.op === 'add' ? l.modelId : null,
    count: l.count,
    businessModel: l.businessModel,
    dayYuan: toYuan(l.dayCents),
    monthYuan: toYuan(l.monthCents),
    allowanceHours: tenthsToHours(l.allowanceTenths),
    overtimeYuan: toYuan(l.overtimeCents),
  })),
});

const FIELD_OF: Record<string, string> = {
  dayCents: 'dayYuan',
  monthCents: 'monthYuan',
  allowanceTenths: 'allowanceHours',
  overtimeCents: 'overtimeYuan',
};
const fieldName = (path: (string | number)[]) => path.map((p) => (typeof p === 'string' ? (FIELD_OF[p] ?? p) : p));

function ChangeForm({ change, contractId }: { change: ChangeDetail | null; contractId?: number }) {
  const { t } = useTranslation(['lease-changes', 'common', 'lease-contracts']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [linesError, setLinesError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const chosen = Form.useWatch('contractId', form);
  const lines = Form.useWatch('lines', form) ?? [];
  const options = useQuery(endpointQuery(api.options, chosen ? { contractId: chosen } : {}));
  // Machines in stock and models are the contract form's own options.
  const stock = useQuery(endpointQuery(leaseContractEndpoints.options));
  const create = useEndpointMutation(api.create, { invalidates: CONTRACT_READS, silent: true });
  const update = useEndpointMutation(api.update, { invalidates: CONTRACT_READS, silent: true });
  const move = useEndpointMutation(leaseContractEndpoints.move, { invalidates: CONTRACT_READS });

  useEffect(() => {
    if (change) form.setFieldsValue(valuesOf(change));
    else if (contractId) form.setFieldsValue({ contractId });
  }, [change, contractId, form]);

  const showIssues = (issues: { path: (string | number)[]; message: string }[]) => {
    const onFields = issues.filter((i) => i.path.length > 0 && !(i.path.length === 1 && i.path[0] === 'lines'));
    form.setFields(onFields.map((i) => ({ name: fieldName(i.path) as never, errors: [messageText(i.message)] })));
    const onLines = issues.find((i) => i.path.length === 1 && i.path[0] === 'lines');
    setLinesError(onLines ? messageText(onLines.message) : null);
  };

  const save = async (andSubmit: boolean) => {
    const parsed = changeDraftInput.safeParse(bodyOf(form.getFieldsValue(true) as FormValues));
    if (!parsed.success) {
      showIssues(
        parsed.error.issues.map((i) => ({
          path: i.path as (string | number)[],
          message: isMessageKey(i.message) ? i.message : 'validation.invalid',
        })),
      );
      return;
    }
    setLinesError(null);
    setBusy(andSubmit ? 'submit' : 'draft');
    try {
      const id = change
        ? (await update.mutateAsync({ query: { id: change.id }, body: parsed.data })).id
        : (await create.mutateAsync({ body: parsed.data })).id;
      if (andSubmit) await move.mutateAsync({ body: { id, action: 'submit' } });
      else void message.success(t('form.saved'));
      void navigate(href(leaseChangeScreens.contractChangeDetail, { id }));
    } catch (error) {
      const refused = error instanceof ApiFailure ? invalidData.safeParse(error.data) : null;
      if (refused?.success && refused.data.issues.length > 0) {
        showIssues(
          refused.data.issues.map((i) => ({
            path: i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            message: i.message,
          })),
        );
      } else if (error instanceof ApiFailure && !error.data) {
        emitApiEvent({ type: 'error', message: error.message, network: error.status === 'network' });
      }
    } finally {
      setBusy(null);
    }
  };

  const contract = options.data?.contracts.find((c) => c.id === chosen);
  // A change is in its company's currency (decision 064): its prices' labels and the lines' prices name it.
  const currency = currencyVariablesOf(options.data?.money);
  const lineChoices = (options.data?.lines ?? []).map((l) => ({
    value: l.id,
    label: `${l.serialNumber || `${l.modelName} × ${l.count}`} · ${label(BUSINESS_MODEL, l.businessModel)} · ${[
      l.dayCents === null ? '' : `${recordMoneyText(l.dayCents, options.data?.money)}/d`,
      l.monthCents === null ? '' : `${recordMoneyText(l.monthCents, options.data?.money)}/m`,
    ]
      .filter(Boolean)
      .join(' ')}`,
  }));
  return (
    <Form<FormValues> form={form} name="change-form" layout="vertical" initialValues={{ lines: [] }}>
      <Card title={t('form.terms')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="contractId" label={t('form.contract')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={change !== null}
                loading={options.isLoading}
                options={(options.data?.contracts ?? []).map((c) => ({
                  value: c.id,
                  label: `${c.number} · ${c.renterName} · ${c.startOn} ~ ${c.endOn}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="effectiveOn" label={t('form.effectiveOn')} required>
              <DayField />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="endOn"
              label={t('form.endOn')}
              extra={contract ? t('form.endHelp', { end: contract.endOn }) : undefined}
            >
              <DayField />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('form.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.lines')} style={{ marginBottom: 16 }}>
        {linesError && <Alert type="error" showIcon title={linesError} style={{ marginBottom: 16 }} />}
        <Form.List name="lines">
          {(items, { add, remove }) => (
            <>
              {items.map((item, i) => {
                const line = lines[i] ?? {};
                const needs = line.op === 'remove' || !line.businessModel ? [] : requiredPrices(line.businessModel);
                return (
                  <Row key={item.key} gutter={8} align="top" data-testid="change-line">
                    <Col xs={12} md={3}>
                      <Form.Item name={[item.name, 'op']} label={t('fields.op')} required>
                        <Select options={codeOptions(label, CHANGE_OP)} />
                      </Form.Item>
                    </Col>
                    {line.op === 'add' ? (
                      <>
                        <Col xs={12} md={5}>
                          <Form.Item name={[item.name, 'deviceId']} label={t('form.machineInStock')}>
                            <Select
                              allowClear
                              showSearch={{ optionFilterProp: 'label' }}
                              options={(stock.data?.machines ?? []).map((m) => ({
                                value: m.id,
                                label: `${m.serialNumber} ${m.modelName}`,
                              }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={8} md={3}>
                          <Form.Item name={[item.name, 'modelId']} label={t('form.model')}>
                            <Select
                              allowClear
                              disabled={!!line.deviceId}
                              options={(stock.data?.models ?? []).map((m) => ({ value: m.id, label: m.name }))}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={4} md={2}>
                          <Form.Item name={[item.name, 'count']} label={t('form.count')}>
                            <InputNumber min={1} max={999} precision={0} disabled={!!line.deviceId} />
                          </Form.Item>
                        </Col>
                      </>
                    ) : (
                      <Col xs={24} md={10}>
                        <Form.Item name={[item.name, 'lineId']} label={t('form.line')} required>
                          <Select options={lineChoices} notFoundContent={chosen ? undefined : t('form.pickContract')} />
                        </Form.Item>
                      </Col>
                    )}
                    {line.op !== 'remove' && (
                      <>
                        <Col xs={12} md={4}>
                          <Form.Item name={[item.name, 'businessModel']} label={t('fields.businessModel')} required>
                            <Select options={numericCodeOptions(label, BUSINESS_MODEL)} />
                          </Form.Item>
                        </Col>
                        {needs.includes('day') && (
                          <Col xs={6} md={3}>
                            <Form.Item name={[item.name, 'dayYuan']} label={t('form.dayPrice', currency)} required>
                              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                            </Form.Item>
                          </Col>
                        )}
                        {needs.includes('month') && (
                          <Col xs={6} md={3}>
                            <Form.Item name={[item.name, 'monthYuan']} label={t('form.monthPrice', currency)} required>
                              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                            </Form.Item>
                          </Col>
                        )}
                        <Col xs={6} md={3}>
                          <Form.Item
                            name={[item.name, 'allowanceHours']}
                            label={t(
                              allowancePerDay(line.businessModel ?? 23)
                                ? 'lease-contracts:form.allowancePerDay'
                                : 'lease-contracts:form.allowancePerMonth',
                            )}
                            tooltip={t('lease-contracts:form.allowanceHint')}
                          >
                            <InputNumber min={0.1} max={744} precision={1} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={6} md={3}>
                          <Form.Item
                            name={[item.name, 'overtimeYuan']}
                            label={t('lease-contracts:form.overtimePrice', currency)}
                          >
                            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                      </>
                    )}
                    <Col xs={2} md={1}>
                      <Form.Item label=" ">
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('form.removeLine')}
                          onClick={() => remove(item.name)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })}
              <Button icon={<PlusOutlined />} onClick={() => add({ op: 'add', businessModel: 23, count: 1 })}>
                {t('form.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Space>
        <Button loading={busy === 'draft'} disabled={busy !== null} onClick={() => void save(false)}>
          {t('form.save')}
        </Button>
        <Button type="primary" loading={busy === 'submit'} disabled={busy !== null} onClick={() => void save(true)}>
          {t('form.saveSubmit')}
        </Button>
        <Link to={href(leaseChangeScreens.contractChangeRecord)}>
          <Button>{t('form.cancel')}</Button>
        </Link>
      </Space>
    </Form>
  );
}

/** /leaseCenter/addChangeContract: a new change (`contractId` picks the contract), or `id` to edit one. */
export function ChangeFormPage() {
  const { t } = useTranslation('lease-changes');
  const { id, contractId } = useScreenQuery(leaseChangeScreens.addChangeContract).query;
  const writer = useIsContractWriter();
  const detail = useQuery({ ...endpointQuery(api.detail, { id: id ?? 0 }), enabled: !!id });
  if (!writer) return <Result status="403" title={t('form.notWriter')} />;
  if (!id) return <ChangeForm change={null} contractId={contractId} />;
  return (
    <QueryState query={detail}>
      {(change) =>
        change.editable ? <ChangeForm change={change} /> : <Result status="warning" title={t('form.notEditable')} />
      }
    </QueryState>
  );
}
