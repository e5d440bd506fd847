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
import { formatAmount } from '@console/contract/codes/money';
import { ROLE } from '@console/contract/codes/roles';
import { invalidData } from '@console/contract/http/envelope';
import { quoteEndpoints as api, type QuoteDetail, type QuoteOptions } from '@console/contract/http/quotes';
import { quoteInput } from '@console/contract/quotes/forms';
import { isMessageKey } from '@console/contract/messages/translate';
import { quoteScreens } from '@console/contract/screens/quotes';
import { href } from '@console/contract/screens/screen';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { DayField } from '../../../components/picker-fields.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiFailure } from '../../../lib/api-client.ts';
import { emitApiEvent } from '../../../lib/api-events.ts';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { messageText } from '../../../lib/form-rules.ts';
import { currencyVariablesOf, moneyFormat } from '../../../lib/money.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useSession } from '../../../lib/session.ts';
import { bpToPercent, percentToBp, QUOTE_READS, useIsQuoteWriter } from '../api.ts';

/** A line as the form holds it: a model and a count, or a named machine; the discount in percent. */
interface LineValues {
  kind: 'model' | 'machine';
  modelId?: number | null;
  deviceId?: number | null;
  count?: number | null;
  businessModel?: number;
  discount?: number | null;
}
interface FormValues {
  customerKind: 'renter' | 'prospect';
  renterId?: number | null;
  prospectName?: string;
  prospectContact?: string;
  prospectPhone?: string;
  storeId?: number;
  salespersonId?: number | null;
  validUntil?: string;
  startOn?: string;
  endOn?: string;
  siteProvince?: string;
  siteCity?: string;
  siteDistrict?: string;
  siteAddress?: string;
  remark?: string;
  lines?: LineValues[];
}

const NEW_LINE: LineValues = { kind: 'model', businessModel: 23, count: 1, discount: 0 };

function bodyOf(v: FormValues) {
  const prospect = v.customerKind === 'prospect';
  return {
    renterId: prospect ? null : (v.renterId ?? null),
    prospectName: prospect ? (v.prospectName ?? '') : '',
    prospectContact: v.prospectContact ?? '',
    prospectPhone: v.prospectPhone ?? '',
    storeId: v.storeId,
    salespersonId: v.salespersonId ?? null,
    validUntil: v.validUntil,
    startOn: v.startOn,
    endOn: v.endOn,
    siteProvince: v.siteProvince ?? '',
    siteCity: v.siteCity ?? '',
    siteDistrict: v.siteDistrict ?? '',
    siteAddress: v.siteAddress ?? '',
    remark: v.remark ?? '',
    lines: (v.lines ?? []).map((l) => ({
      deviceId: l.kind === 'machine' ? (l.deviceId ?? null) : null,
      modelId: l.kind === 'model' ? (l.modelId ?? null) : null,
      count: l.kind === 'model' ? (l.count ?? 1) : 1,
      businessModel: l.businessModel,
      discountBp: percentToBp(l.discount),
    })),
  };
}

function valuesOf(q: QuoteDetail): FormValues {
  return {
    customerKind: q.prospect ? 'prospect' : 'renter',
    renterId: q.renterId,
    prospectName: q.prospectName,
    prospectContact: q.prospectContact,
    prospectPhone: q.prospectPhone,
    storeId: q.storeId,
    salespersonId: q.salespersonId,
    validUntil: q.validUntil,
    startOn: q.startOn,
    endOn: q.endOn,
    siteProvince: q.siteProvince,
    siteCity: q.siteCity,
    siteDistrict: q.siteDistrict,
    siteAddress: q.siteAddress,
    remark: q.remark,
    lines: q.lines.map((l) => ({
      kind: l.deviceId ? 'machine' : 'model',
      modelId: l.modelId,
      deviceId: l.deviceId,
      count: l.count,
      businessModel: l.businessModel,
      discount: bpToPercent(l.discountBp),
    })),
  };
}

/** A line's list price, quoted price and amount as the server will price it (the shared pricing code). */
function priceOf(opts: QuoteOptions | undefined, v: FormValues, l: LineValues | undefined) {
  if (!opts || !l?.businessModel) return null;
  const modelId = l.kind === 'model' ? l.modelId : opts.machines.find((m) => m.id === l.deviceId)?.modelId;
  const list = opts.prices.find((p) => p.modelId === modelId && p.businessModel === l.businessModel);
  if (!list) return { missing: true as const };
  const bp = percentToBp(l.discount);
  const off = (c: number | null) => (c === null ? null : Math.round((c * (10_000 - bp)) / 10_000));
  const needs = requiredPrices(l.businessModel);
  const dayCents = needs.includes('day') ? off(list.dayCents) : null;
  const monthCents = needs.includes('month') ? off(list.monthCents) : null;
  let amount: number | null = null;
  if (v.startOn && v.endOn && v.endOn >= v.startOn) {
    try {
      amount = lineAmountCents(
        l.businessModel,
        { dayCents, monthCents },
        v.startOn,
        v.endOn,
        l.kind === 'model' ? (l.count ?? 1) : 1,
      );
    } catch {
      amount = null;
    }
  }
  return { missing: false as const, list, dayCents, monthCents, amount };
}

const fieldName = (path: (string | number)[]) =>
  path[0] === 'lines' && path.length > 2 ? ['lines', path[1], path[2] === 'discountBp' ? 'discount' : path[2]] : path;

function QuoteForm({ quote }: { quote: QuoteDetail | null }) {
  const { t } = useTranslation(['quotes', 'lease-contracts', 'common']);
  const label = useCodeLabel();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const [linesError, setLinesError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const options = useQuery(endpointQuery(api.options));
  const create = useEndpointMutation(api.create, { invalidates: QUOTE_READS, silent: true });
  const update = useEndpointMutation(api.update, { invalidates: QUOTE_READS, silent: true });
  const move = useEndpointMutation(api.move, { invalidates: QUOTE_READS, silent: true });
  const values = (Form.useWatch([], form) ?? {}) as FormValues;
  const opts = options.data;
  const money = quote?.money ?? opts?.money ?? moneyFormat();
  const limit = (opts?.maxDiscountBp ?? 0) / 100;

  useEffect(() => {
    if (quote) form.setFieldsValue(valuesOf(quote));
  }, [quote, form]);

  const showIssues = (issues: { path: (string | number)[]; message: string }[]) => {
    const onFields = issues.filter((i) => i.path.length > 0 && !(i.path.length === 1 && i.path[0] === 'lines'));
    form.setFields(onFields.map((i) => ({ name: fieldName(i.path) as never, errors: [messageText(i.message)] })));
    const onLines = issues.find((i) => i.path.length === 1 && i.path[0] === 'lines');
    setLinesError(onLines ? messageText(onLines.message) : null);
  };

  const save = async (andSend: boolean) => {
    const parsed = quoteInput.safeParse(bodyOf(form.getFieldsValue(true) as FormValues));
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
    setBusy(andSend ? 'send' : 'draft');
    try {
      const id = quote
        ? (await update.mutateAsync({ query: { id: quote.id }, body: parsed.data })).id
        : (await create.mutateAsync({ body: parsed.data })).id;
      if (andSend) {
        try {
          await move.mutateAsync({ body: { id, action: 'send' } });
          void message.success(t('quotes:form.saved'));
        } finally {
          void navigate(href(quoteScreens.quoteDetail, { id }));
        }
        return;
      }
      void message.success(t('quotes:form.saved'));
      void navigate(href(quoteScreens.quoteDetail, { id }));
    } catch (error) {
      const refused = error instanceof ApiFailure ? invalidData.safeParse(error.data) : null;
      if (refused?.success && refused.data.issues.length > 0) {
        showIssues(
          refused.data.issues.map((i) => ({
            path: i.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
            message: i.message,
          })),
        );
      } else if (error instanceof ApiFailure) {
        emitApiEvent({ type: 'error', message: error.message, network: error.status === 'network' });
      }
    } finally {
      setBusy(null);
    }
  };

  const choice = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const manager = session.roleId !== ROLE.lessorSales;
  const prospect = values.customerKind === 'prospect';
  const priced = (values.lines ?? []).map((l) => priceOf(opts, values, l));
  const total = priced.every((p) => p && !p.missing && p.amount !== null)
    ? priced.reduce((s, p) => s + (p && !p.missing ? (p.amount ?? 0) : 0), 0)
    : null;

  return (
    <Form<FormValues>
      form={form}
      name="quote-form"
      layout="vertical"
      initialValues={{ customerKind: 'renter', lines: [NEW_LINE] }}
    >
      <Card title={t('quotes:form.terms')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="customerKind" label={t('quotes:form.customer')}>
              <Radio.Group
                options={[
                  { value: 'renter', label: t('quotes:form.customerKind.renter') },
                  { value: 'prospect', label: t('quotes:form.customerKind.prospect') },
                ]}
              />
            </Form.Item>
          </Col>
          {prospect ? (
            <>
              <Col xs={24} md={6}>
                <Form.Item name="prospectName" label={t('quotes:fields.prospectName')} required>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={12} md={5}>
                <Form.Item name="prospectContact" label={t('quotes:fields.prospectContact')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col xs={12} md={5}>
                <Form.Item name="prospectPhone" label={t('quotes:fields.prospectPhone')}>
                  <Input maxLength={15} />
                </Form.Item>
              </Col>
            </>
          ) : (
            <Col xs={24} md={8}>
              <Form.Item name="renterId" label={t('quotes:fields.renter')} required>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={options.isLoading}
                  options={choice(opts?.renters)}
                  data-testid="quote-renter"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="storeId" label={t('quotes:fields.store')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={options.isLoading}
                options={choice(opts?.stores)}
                data-testid="quote-store"
              />
            </Form.Item>
          </Col>
          {manager && (
            <Col xs={24} md={8}>
              <Form.Item name="salespersonId" label={t('quotes:fields.salesperson')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={choice(opts?.salespeople)} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={8}>
            <Form.Item name="validUntil" label={t('quotes:fields.validUntil')} required>
              <DayField data-testid="quote-valid-until" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="startOn" label={t('quotes:fields.startOn')} required>
              <DayField data-testid="quote-start" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="endOn" label={t('quotes:fields.endOn')} required>
              <DayField data-testid="quote-end" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="siteAddress" label={t('quotes:fields.siteAddress')} required>
              <Input maxLength={200} data-testid="quote-site" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('quotes:fields.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('quotes:form.lines')} style={{ marginBottom: 16 }}>
        {linesError && <Alert type="error" showIcon message={linesError} style={{ marginBottom: 12 }} />}
        <Form.List name="lines">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, index) => {
                const line = values.lines?.[index];
                const price = priced[index];
                const machines = (opts?.machines ?? []).filter((m) => !values.storeId || m.storeId === values.storeId);
                return (
                  <Row gutter={8} key={row.key} align="top" data-testid={`quote-line-${index}`}>
                    <Col xs={24} md={5}>
                      <Form.Item name={[row.name, 'kind']} label={index === 0 ? ' ' : undefined}>
                        <Radio.Group
                          size="small"
                          optionType="button"
                          options={[
                            { value: 'model', label: t('quotes:form.kind.model') },
                            { value: 'machine', label: t('quotes:form.kind.machine') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                    {line?.kind === 'machine' ? (
                      <Col xs={24} md={6}>
                        <Form.Item
                          name={[row.name, 'deviceId']}
                          label={index === 0 ? t('quotes:form.machine') : undefined}
                        >
                          <Select
                            showSearch={{ optionFilterProp: 'label' }}
                            options={machines.map((m) => ({ value: m.id, label: m.name }))}
                          />
                        </Form.Item>
                      </Col>
                    ) : (
                      <>
                        <Col xs={16} md={4}>
                          <Form.Item
                            name={[row.name, 'modelId']}
                            label={index === 0 ? t('quotes:form.model') : undefined}
                          >
                            <Select
                              showSearch={{ optionFilterProp: 'label' }}
                              options={choice(opts?.models)}
                              data-testid={`quote-line-${index}-model`}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={8} md={2}>
                          <Form.Item
                            name={[row.name, 'count']}
                            label={index === 0 ? t('quotes:fields.count') : undefined}
                          >
                            <InputNumber
                              min={1}
                              max={999}
                              precision={0}
                              style={{ width: '100%' }}
                              data-testid={`quote-line-${index}-count`}
                            />
                          </Form.Item>
                        </Col>
                      </>
                    )}
                    <Col xs={12} md={4}>
                      <Form.Item
                        name={[row.name, 'businessModel']}
                        label={index === 0 ? t('quotes:fields.businessModel') : undefined}
                      >
                        <Select options={numericCodeOptions(label, BUSINESS_MODEL)} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={3}>
                      <Form.Item
                        name={[row.name, 'discount']}
                        label={index === 0 ? t('quotes:form.discount') : undefined}
                        extra={index === 0 ? t('quotes:form.discountHelp', { limit }) : undefined}
                      >
                        <InputNumber min={0} max={limit} step={0.5} precision={1} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={3} style={{ paddingTop: index === 0 ? 30 : 4 }}>
                      {price?.missing ? (
                        <Typography.Text type="danger">{t('quotes:form.noListPrice')}</Typography.Text>
                      ) : price && price.amount !== null ? (
                        <Typography.Text data-testid={`quote-line-${index}-amount`}>
                          {formatAmount(price.amount, money)}
                        </Typography.Text>
                      ) : null}
                    </Col>
                    <Col xs={4} md={1} style={{ paddingTop: index === 0 ? 30 : 4 }}>
                      {rows.length > 1 && (
                        <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(row.name)} />
                      )}
                    </Col>
                  </Row>
                );
              })}
              <Button icon={<PlusOutlined />} onClick={() => add(NEW_LINE)} data-testid="quote-add-line">
                {t('quotes:form.addLine')}
              </Button>
            </>
          )}
        </Form.List>
        <div style={{ marginTop: 16 }}>
          <Typography.Text strong>
            {t('quotes:form.total', currencyVariablesOf(money))}:{' '}
            <span data-testid="quote-form-total">{total === null ? '-' : formatAmount(total, money)}</span>
          </Typography.Text>
        </div>
      </Card>
      <Space>
        <Button
          loading={busy === 'draft'}
          disabled={busy !== null}
          onClick={() => void save(false)}
          data-testid="quote-save"
        >
          {t('quotes:form.save')}
        </Button>
        <Button
          type="primary"
          loading={busy === 'send'}
          disabled={busy !== null}
          onClick={() => void save(true)}
          data-testid="quote-save-send"
        >
          {t('quotes:form.saveAndSend')}
        </Button>
      </Space>
    </Form>
  );
}

/** /leaseCenter/addQuote (?id= edits a draft): the quote's customer, terms and priced lines. */
export function QuoteFormPage() {
  const { t } = useTranslation('quotes');
  const writer = useIsQuoteWriter();
  const id = useScreenQuery(quoteScreens.addQuote).query.id;
  const query = useQuery({ ...endpointQuery(api.detail, { id: id ?? 0 }), enabled: id !== undefined });
  if (!writer) return <Result status="403" />;
  if (id === undefined) return <QuoteForm quote={null} />;
  return (
    <QueryState query={query}>
      {(q) =>
        q.editable ? (
          <QuoteForm quote={q} />
        ) : (
          <Result
            status="warning"
            title={t('form.notEditable')}
            extra={<Link to={href(quoteScreens.quoteDetail, { id: q.id })}>{t('form.back')}</Link>}
          />
        )
      }
    </QueryState>
  );
}
