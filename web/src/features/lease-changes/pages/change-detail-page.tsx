import { Button, Card, Col, Row, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '@console/contract/codes/money';
import { CHANGE_STATUS_TABLE, leaseChangeEndpoints as api } from '@console/contract/http/lease-changes';
import { leaseChangeScreens } from '@console/contract/screens/lease-changes';
import { leaseContractScreens } from '@console/contract/screens/lease';
import { href } from '@console/contract/screens/screen';
import { currencyVariablesOf } from '../../../lib/money.ts';
import { tableColumnsOf } from '../../../components/list-columns.ts';
import { RecordDetail } from '../../../components/record-detail.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { ContractActions, ContractTimeline, Signing, useFollowSigning } from '../../lease-contracts/index.ts';
import { ManagerReviewNote } from '../../lease-parties/index.ts';
import { useChangeFields, useChangeLineFields, type ShownChangeLine } from '../fields.tsx';

/**
 * /leaseCenter/contractChangeDetail?id= (and the spec's /leaseCenter/ontractChangeDetail?id=): what the change does
 * from which day, the moves of the contract flow, its signing and its timeline.
 */
export function ChangeDetailPage() {
  const { t } = useTranslation(['lease-changes', 'common']);
  const fields = useChangeFields();
  const lineFields = useChangeLineFields();
  // Both spellings of the screen take the same `id`.
  const id = useScreenQuery(leaseChangeScreens.contractChangeDetail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(api.detail, { id }), enabled: id > 0 });
  useFollowSigning(id);
  const back = <Link to={href(leaseChangeScreens.contractChangeRecord)}>{t('detail.back')}</Link>;
  return (
    <RecordDetail
      id={id}
      query={query}
      back={back}
      notFound={t('detail.notFound')}
      testIds={{ number: 'change-number', status: 'change-status' }}
      number={(c) => c.number}
      status={(c) => <StatusBadge table={CHANGE_STATUS_TABLE} value={c.status} />}
      actions={(c) => (
        <>
          <ContractActions contract={c} kind="change" />
          {c.editable && (
            <Link to={href(leaseChangeScreens.addChangeContract, { id: c.id })}>
              <Button>{t('actions.edit')}</Button>
            </Link>
          )}
          <Link to={href(leaseContractScreens.contractDetail, { id: c.contractId })}>
            <Button>{t('detail.contractLink')}</Button>
          </Link>
        </>
      )}
      descriptions={(c) => [
        ...fields.descriptions(c, [
          'contractNumber',
          'renterName',
          'kinds',
          'effectiveOn',
          'endOn',
          'totalCents',
          'createdByName',
          'createdAt',
        ]),
        { key: 'contractEnd', label: t('fields.contractEndOn'), children: c.contractEndOn },
        { key: 'remark', label: t('fields.remark'), span: 3, children: c.remark || '-' },
      ]}
    >
      {(c) => (
        <>
          <ManagerReviewNote status={c.status} events={c.events} />
          {/* The lines and their total in the change's currency, its lessor's (decision 064). */}
          <Card title={t('detail.lines')}>
            <Table<ShownChangeLine>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={c.lines.map((l) => ({ ...l, money: c.money }))}
              columns={tableColumnsOf(
                lineFields.columns(['op', 'machine', 'businessModel', 'prices', 'before', 'amountCents'], {
                  amountCents: {
                    title: t('fields.amount', currencyVariablesOf(c.money)),
                    render: (_, l) => formatAmount(l.amountCents, c.money),
                  },
                }),
              )}
              footer={() =>
                `${t('fields.total', currencyVariablesOf(c.money))}: ${formatAmount(c.totalCents, c.money)}`
              }
            />
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card title={t('detail.timeline')}>
                <ContractTimeline events={c.events} table={CHANGE_STATUS_TABLE} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('detail.signing')}>
                <Signing signing={c.signing} askId={c.actions.includes('cancelSigning') ? c.id : undefined} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </RecordDetail>
  );
}
