import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BUSINESS_MODEL } from '@console/contract/codes/business-models';
import { lineAmountCents, requiredPrices } from '@console/contract/codes/lease-pricing';
import { formatAmount, formatMoney } from '@console/contract/codes/money';
import { ROLE } from '@console/contract/codes/roles';
import { API_STATUS, invalidData } from '@console/contract/http/envelope';
import { leaseContractEndpoints as api, type ContractDetail } from '@console/contract/http/lease-contracts';
import { contractDraftInput } from '@console/contract/lease/forms';
import { allowancePerDay } from '@console/contract/lease/overtime';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { isMessageKey } from '@console/contract/messages/translate';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { currencyVariablesOf, moneyFormat } from '../../../lib/money.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiFailure } from '../../../lib/api-client.ts';
import { emitApiEvent } from '../../../lib/api-events.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { messageText } from '../../../lib/form-rules.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useSession } from '../../../lib/session.ts';
import { useLeasePriceDefault } from '../../products/index.ts';
import { CONTRACT_READS, hoursToTenths, tenthsToHours, toCents, toYuan, useIsContractWriter } from '../api.ts';

/** A line as the form holds it: prices in yuan, a machine in stock or a model and a count. */
interface LineValues {
  kind: 'machine' | 'model';
  deviceId?: number | null;
  modelId?: number | null;
  count?: number | null;
  businessModel?: number;
  dayYuan?: number | null;
  monthYuan?: number | null;
  /** Hours included per billed day or month (one decimal) and the overtime price per hour (decision 070). */
  allowanceHours?: number | null;
  overtimeYuan?: number | null;
}
interface FormValues {
  renterId?: number;
  storeId?: number;
  salespersonId?: number | null;
  startOn?: string;
  endOn?: string;
  siteProvince?: string;
  siteCity?: string;
  siteDistrict?: string;
  siteAddress?: string;
  depositYuan?: number | null;
  billingDay?: number;
  dueDays?: number;
  lang?: 'zh' | 'en';
  remark?: string;
  lines?: LineValues[];
}

/** The body on the wire: money in integer cents. */
function bodyOf(v: FormValues) {
  return {
    renterId: v.renterId,
    storeId: v.storeId,
    salespersonId: v.salespersonId ?? null,
    startOn: v.startOn ?? '',
    endOn: v.endOn ?? '',
    siteProvince: v.siteProvince ?? '',
    siteCity: v.siteCity ?? '',
    siteDistrict: v.siteDistrict ?? '',
    siteAddress: v.siteAddress ?? '',
    depositCents: toCents(v.depositYuan) ?? 0,
    billingDay: v.billingDay ?? 1,
    dueDays: v.dueDays ?? 15,
    lang: v.lang ?? 'zh',
    remark: v.remark ?? '',
    lines: (v.lines ?? []).map((l) => ({
      deviceId: l.kind === 'machine' ? (l.deviceId ?? null) : null,
      modelId: l.kind === 'model' ? (l.modelId ?? null) : null,
      count: l.kind === 'model' ? (l.count ?? 1) : 1,
      businessModel: l.businessModel,
      dayCents: toCents(l.dayYuan),
      monthCents: toCents(l.monthYuan),
      allowanceTenths: hoursToTenths(l.allowanceHours),
      overtimeCents: toCents(l.overtimeYuan),
    })),
  };
}

function valuesOf(c: ContractDetail): FormValues {
  return {
    renterId: c.renterId,
    storeId: c.storeId,
    salespersonId: c.salespersonId,
    startOn: c.startOn,
    endOn: c.endOn,
    siteProvince: c.siteProvince,
    siteCity: c.siteCity,
    siteDistrict: c.siteDistrict,
    siteAddress: c.siteAddress,
    depositYuan: toYuan(c.depositCents),
    billingDay: c.billingDay,
    dueDays: c.dueDays,
    lang: c.lang,
    remark: c.remark,
    lines: c.lines.map((l) => ({
      kind: l.deviceId !== null ? 'machine' : 'model',
      deviceId: l.deviceId,
      modelId: l.modelId,
      count: l.count,
      businessModel: l.businessModel,
      dayYuan: toYuan(l.dayCents),
      monthYuan: toYuan(l.monthCents),
      allowanceHours: tenthsToHours(l.allowanceTenths),
      overtimeYuan: toYuan(l.overtimeCents),
    })),
  };
}

/** A wire path (`lines.0.dayCents`) as the form's field name (`['lines', 0, 'dayYuan']`). */
function fieldName(path: (string | number)[]): (string | number)[] {
  return path.map((p) =>
    p === 'dayCents'
      ? 'dayYuan'
      : p === 'monthCents'
        ? 'monthYuan'
        : p === 'depositCents'
          ? 'depositYuan'
          : p === 'allowanceTenths'
            ? 'allowanceHours'
            : p === 'overtimeCents'
              ? 'overtimeYuan'
              : p,
  );
}

const NEW_LINE: LineValues = { kind: 'machine', businessModel: 23, count: 1 };

/** The amount of a line over the planned days, as the server will price it (shared contract code). */
function preview(values: FormValues): { lines: (number | null)[]; total: number | null } {
  const { startOn, endOn } = values;
  const lines = (values.lines ?? []).map((l) => {
    if (!startOn || !endOn || endOn < startOn || !l?.businessModel) return null;
    const needs = requiredPrices(l.businessModel);
    const day = toCents(l.dayYuan);
    const month = toCents(l.monthYuan);
    if ((needs.includes('day') && !day) || (needs.includes('month') && !month)) return null;
    try {
      return lineAmountCents(
        l.businessModel,
        { dayCents: day, monthCents: month },
        startOn,
        endOn,
        l.kind === 'model' ? (l.count ?? 1) : 1,
      );
    } catch {
      return null;
    }
  });
  const total = lines.length > 0 && lines.every((l) => l !== null) ? lines.reduce((s, l) => s! + l!, 0) : null;
  return { lines, total };
}

function ContractForm({ contract }: { contract: ContractDetail | null }) {
  const { t } = useTranslation(['lease-contracts', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const [linesError, setLinesError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const options = useQuery(endpointQuery(api.options));
  const create = useEndpointMutation(api.create, { invalidates: CONTRACT_READS, silent: true });
  const update = useEndpointMutation(api.update, { invalidates: CONTRACT_READS, silent: true });
  const move = useEndpointMutation(api.move, { invalidates: CONTRACT_READS });
  const values = Form.useWatch([], form) ?? {};
  const priced = preview(values);
  const listPrice = useLeasePriceDefault();
  // A contract is in its lessor's currency (decision 064): the one it keeps, else the writer's company's, whichever
  // brand's console it is written on.
  const money = contract?.money ?? options.data?.money ?? moneyFormat();
  const unit = currencyVariablesOf(money);

  /** A line's machine, model or business model picked: its prices start from the lease price list's (decision 049). */
  const offerListPrice = (changed: Partial<FormValues>, all: FormValues) => {
    (changed.lines ?? []).forEach((change, index) => {
      if (!change || !('deviceId' in change || 'modelId' in change || 'businessModel' in change)) return;
      const line = all.lines?.[index];
      if (!line) return;
      const modelId =
        line.kind === 'model' ? line.modelId : options.data?.machines.find((m) => m.id === line.deviceId)?.modelId;
      const price = listPrice(modelId, line.businessModel);
      if (!price) return;
      form.setFieldValue(['lines', index, 'dayYuan'], toYuan(price.dayCents));
      form.setFieldValue(['lines', index, 'monthYuan'], toYuan(price.monthCents));
    });
  };

  useEffect(() => {
    if (contract) form.setFieldsValue(valuesOf(contract));
  }, [contract, form]);

  const showIssues = (issues: { path: (string | number)[]; message: string }[]) => {
    const onFields = issues.filter((i) => i.path.length > 0 && !(i.path.length === 1 && i.path[0] === 'lines'));
    form.setFields(onFields.map((i) => ({ name: fieldName(i.path) as never, errors: [messageText(i.message)] })));
    const onLines = issues.find((i) => i.path.length === 1 && i.path[0] === 'lines');
    setLinesError(onLines ? messageText(onLines.message) : null);
    if (onFields[0]) form.scrollToField(fieldName(onFields[0].path) as never, { block: 'center' });
  };

  const save = async (andSubmit: boolean) => {
    const body = bodyOf(form.getFieldsValue(true) as FormValues);
    const parsed = contractDraftInput.safeParse(body);
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
      const id = contract
        ? (await update.mutateAsync({ query: { id: contract.id }, body: parsed.data })).id
        : (await create.mutateAsync({ body: parsed.data })).id;
      if (andSubmit) {
        const moved = await move.mutateAsync({ body: { id, action: 'submit' } });
        void message.success(moved.ruleName ? t('done.autoApproved', { rule: moved.ruleName }) : t('done.submit'));
      } else void message.success(t('form.saved'));
      void navigate(href(leaseContractScreens.contractDetail, { id }));
    } catch (error) {
      const refused = error instanceof ApiFailure ? invalidData.safeParse(error.data) : null;
      if (refused?.success && refused.data.issues.length > 0) {
        showIssues(
          refused.data.issues.map((i) => ({
            path: i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            message: i.message,
          })),
        );
      } else if (error instanceof ApiFailure && error.status === API_STATUS.conflict) {
        // A machine another quote or contract holds on these days (or a model with none free): the refusal names the
        // holder and the days, shown above the lines it concerns.
        setLinesError(error.message);
      } else if (error instanceof ApiFailure && !error.data) {
        emitApiEvent({ type: 'error', message: error.message, network: error.status === 'network' });
      }
    } finally {
      setBusy(null);
    }
  };

  const opts = options.data;
  const choice = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const manager = session.roleId !== ROLE.lessorSales;

  return (
    <Form<FormValues>
      form={form}
      name="contract-form"
      layout="vertical"
      initialValues={{ lang: 'zh', billingDay: 1, dueDays: 15, depositYuan: 0, lines: [NEW_LINE] }}
      onValuesChange={offerListPrice}
    >
      <Card title={t('form.terms')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="renterId" label={t('fields.renter')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={options.isLoading}
                options={choice(opts?.renters)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="storeId" label={t('fields.store')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={options.isLoading}
                options={choice(opts?.stores)}
              />
            </Form.Item>
          </Col>
          {manager && (
            <Col xs={24} md={8}>
              <Form.Item name="salespersonId" label={t('fields.salesperson')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={choice(opts?.salespeople)} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={8}>
            <Form.Item name="startOn" label={t('fields.startOn')} required>
              <DayField />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="endOn" label={t('fields.endOn')} required>
              <DayField />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="lang" label={t('fields.lang')}>
              <Radio.Group
                options={[
                  { value: 'zh', label: t('form.langZh') },
                  { value: 'en', label: t('form.langEn') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="siteProvince" label={t('fields.siteProvince')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="siteCity" label={t('fields.siteCity')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={8} md={4}>
            <Form.Item name="siteDistrict" label={t('fields.siteDistrict')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="siteAddress" label={t('fields.siteAddress')} required>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="depositYuan" label={t('fields.deposit', unit)}>
              <InputNumber
                min={0}
                step={100}
                precision={2}
                style={{ width: '100%' }}
                suffix={t('form.currencyUnit', unit)}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="billingDay" label={t('fields.billingDay')} extra={t('form.billingDayHelp')}>
              <InputNumber min={1} max={28} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="dueDays" label={t('fields.dueDays')}>
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={t('fields.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('form.lines')} style={{ marginBottom: 16 }}>
        {linesError && <Alert type="error" showIcon title={linesError} style={{ marginBottom: 16 }} />}
        <Form.List name="lines">
          {(lines, { add, remove }) => (
            <>
              {lines.map((line, index) => {
                const current = values.lines?.[index];
                const needs = current?.businessModel ? requiredPrices(current.businessModel) : [];
                const amount = priced.lines[index];
                return (
                  <Row key={line.key} gutter={12} align="top" data-testid="contract-line">
                    <Col xs={24} md={4}>
                      <Form.Item name={[line.name, 'kind']} label={t('form.lineKind')}>
                        <Radio.Group
                          optionType="button"
                          size="small"
                          options={[
                            { value: 'machine', label: t('form.machine') },
                            { value: 'model', label: t('form.model') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                    {current?.kind === 'model' ? (
                      <>
                        <Col xs={16} md={4}>
                          <Form.Item name={[line.name, 'modelId']} label={t('form.model')} required>
                            <Select showSearch={{ optionFilterProp: 'label' }} options={choice(opts?.models)} />
                          </Form.Item>
                        </Col>
                        <Col xs={8} md={2}>
                          <Form.Item name={[line.name, 'count']} label={t('fields.count')}>
                            <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                      </>
                    ) : (
                      <Col xs={24} md={6}>
                        <Form.Item name={[line.name, 'deviceId']} label={t('form.machine')} required>
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            loading={options.isLoading}
                            options={[
                              ...(contract?.lines ?? [])
                                .filter((l) => l.deviceId !== null && !opts?.machines.some((m) => m.id === l.deviceId))
                                .map((l) => ({ value: l.deviceId!, label: l.serialNumber })),
                              ...(opts?.machines ?? []).map((m) => ({
                                value: m.id,
                                label: [m.serialNumber, m.modelName].filter(Boolean).join(' · '),
                              })),
                            ]}
                          />
                        </Form.Item>
                      </Col>
                    )}
                    <Col xs={24} md={4}>
                      <Form.Item name={[line.name, 'businessModel']} label={t('fields.businessModel')} required>
                        <Select options={numericCodeOptions(label, BUSINESS_MODEL)} />
                      </Form.Item>
                    </Col>
                    {needs.includes('day') && (
                      <Col xs={12} md={3}>
                        <Form.Item name={[line.name, 'dayYuan']} label={t('form.dayPrice', unit)} required>
                          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                    )}
                    {needs.includes('month') && (
                      <Col xs={12} md={3}>
                        <Form.Item name={[line.name, 'monthYuan']} label={t('form.monthPrice', unit)} required>
                          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                    )}
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[line.name, 'allowanceHours']}
                        label={t(
                          allowancePerDay(current?.businessModel ?? 23)
                            ? 'form.allowancePerDay'
                            : 'form.allowancePerMonth',
                        )}
                        tooltip={t('form.allowanceHint')}
                      >
                        <InputNumber min={0.1} max={744} precision={1} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item name={[line.name, 'overtimeYuan']} label={t('form.overtimePrice', unit)}>
                        <InputNumber min={0} precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={18} md={3}>
                      <Form.Item label={t('fields.amount', unit)}>
                        <Typography.Text data-testid="line-amount">
                          {amount === null || amount === undefined ? '-' : formatAmount(amount, money)}
                        </Typography.Text>
                      </Form.Item>
                    </Col>
                    <Col xs={6} md={1}>
                      <Form.Item label=" ">
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('form.removeLine')}
                          disabled={lines.length === 1}
                          onClick={() => remove(line.name)}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                );
              })}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ ...NEW_LINE })}>
                {t('form.addLine')}
              </Button>
            </>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 16 }} data-testid="contract-total">
          {t('form.total', { amount: priced.total === null ? '-' : formatMoney(priced.total, money) })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('form.totalHelp')}</Typography.Text>
      </Card>
      <Space>
        <Button onClick={() => void save(false)} loading={busy === 'draft'} disabled={busy !== null}>
          {t('form.saveDraft')}
        </Button>
        <Button type="primary" onClick={() => void save(true)} loading={busy === 'submit'} disabled={busy !== null}>
          {t('form.saveSubmit')}
        </Button>
        <Link
          to={
            contract
              ? href(leaseContractScreens.contractDetail, { id: contract.id })
              : href(leaseContractScreens.contractMng)
          }
        >
          {t('common:cancel')}
        </Link>
      </Space>
    </Form>
  );
}

/** /leaseCenter/addContract (`?id=` edits a draft, withdrawn or rejected contract): terms, lines, live total. */
export function ContractFormPage() {
  const { t } = useTranslation('lease-contracts');
  const id = useScreenQuery(leaseContractScreens.addContract).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(api.detail, { id }), enabled: id > 0 });
  const writer = useIsContractWriter();
  const back = <Link to={href(leaseContractScreens.contractMng)}>{t('detail.back')}</Link>;
  // The form opens for everyone signed in (it is not in the sidebar); only the lessor's people write contracts.
  if (!writer) return <Result status="403" title={t('form.notWriter')} extra={back} />;
  if (id <= 0) return <ContractForm contract={null} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(contract) =>
        contract.editable ? (
          <ContractForm contract={contract} />
        ) : (
          <Result
            status="warning"
            title={t('form.notEditable', { number: contract.number })}
            extra={
              <Link to={href(leaseContractScreens.contractDetail, { id: contract.id })}>{t('form.openDetail')}</Link>
            }
          />
        )
      }
    </QueryState>
  );
}
