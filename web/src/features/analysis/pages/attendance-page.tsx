import { useState } from 'react';
import { Card, Col, Flex, Form, InputNumber, Row, Switch, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { analysisEndpoints, type Attendance } from '@console/contract/http/analysis';
import { analysisScreens } from '@console/contract/screens/analysis';
import { Figure } from '../../../components/figure.tsx';
import { exportColumnsOf, ListPage, tableColumnsOf, type ListColumn } from '../../../components/list-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { figureText } from '../../../lib/money.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { CalendarHeatmap } from '../components/charts.tsx';
import { AnalysisFilters } from '../components/filters.tsx';
import { TableExport } from '../components/table-export.tsx';
import { useAttendanceFields } from '../fields.tsx';

const DEFAULT_IDLE_DAYS = 3;
const defined = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

/**
 * /workingAnalysis/attendance: the days each machine worked in a month (decision 037): a calendar heat map of the
 * machines at work, attendance per customer, the machines idle for N days, and every machine's month, each row a
 * link to the machine.
 */
export function AttendancePage() {
  const { t } = useTranslation('analysis');
  const { query, update } = useScreenQuery(analysisScreens.attendance);
  const idleDays = query.idleDays ?? DEFAULT_IDLE_DAYS;
  const [idleOnly, setIdleOnly] = useState(false);
  const filter = { month: query.month, kind: query.kind, orgId: query.orgId, idleDays };
  const attendance = useQuery(endpointQuery(analysisEndpoints.attendance, filter));
  const fields = useAttendanceFields();
  return (
    <Flex vertical gap={16}>
      <AnalysisFilters
        period={{ type: 'month', month: query.month, onChange: (month) => update({ month }) }}
        kind={query.kind}
        orgId={query.orgId}
        organisations={attendance.data?.organisations ?? []}
        onKind={(kind) => update({ kind })}
        onOrg={(orgId) => update({ orgId })}
        onReset={() => update({ month: null, kind: null, orgId: null, idleDays: null })}
        extra={
          <Form.Item label={t('filters.idleDays')}>
            <InputNumber
              aria-label={t('filters.idleDays')}
              min={1}
              max={31}
              value={idleDays}
              onChange={(v) => update({ idleDays: v ?? null })}
            />
          </Form.Item>
        }
      />
      <QueryState query={attendance}>{(data) => <AttendanceView data={data} idleDays={idleDays} />}</QueryState>
      <ListPage
        area="analysis"
        resource="attendance"
        title={t('attendance.machineTable')}
        endpoint={analysisEndpoints.attendanceMachines}
        rowKey="deviceId"
        exportName={t('attendance.exportName')}
        fixedQuery={defined({ ...filter, idleOnly: idleOnly ? 'true' : undefined })}
        filters={fields.filters(['keyword'])}
        toolbar={
          <Switch
            checked={idleOnly}
            onChange={setIdleOnly}
            checkedChildren={t('attendance.idleOnly', { count: idleDays })}
            unCheckedChildren={t('attendance.idleOnly', { count: idleDays })}
          />
        }
        columns={fields.columns([
          'serialNumber',
          'deviceName',
          'kind',
          'orgName',
          'daysAttended',
          'hoursWorked',
          'lastWorkedOn',
          'idleDays',
          'attendedDays',
        ])}
      />
    </Flex>
  );
}

function AttendanceView({ data, idleDays }: { data: Attendance; idleDays: number }) {
  const { t } = useTranslation('analysis');
  type Customer = Attendance['customers'][number];
  const customerColumns: ListColumn<Customer>[] = [
    { key: 'name', title: t('attendance.customer'), dataIndex: 'name' },
    { key: 'machines', title: t('attendance.machines'), dataIndex: 'machines', align: 'right' },
    { key: 'days', title: t('attendance.daysAttended'), dataIndex: 'daysAttended', align: 'right' },
    {
      key: 'pct',
      title: t('attendance.attendancePct'),
      exportTitle: `${t('attendance.attendancePct')} (%)`,
      dataIndex: 'attendancePct',
      align: 'right',
      render: (v: number) => figureText(v, '%'),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {(
          [
            ['machines', t('attendance.machines'), data.machines, undefined],
            ['attendedMachines', t('attendance.attendedMachines'), data.attendedMachines, undefined],
            ['idleMachines', t('attendance.idleMachines', { count: idleDays }), data.idleMachines, undefined],
            ['attendancePct', t('attendance.attendancePct'), data.attendancePct, '%'],
          ] as const
        ).map(([key, title, value, suffix]) => (
          <Col xs={12} xl={6} key={key}>
            <Card size="small">
              <Figure title={title} value={value} unit={suffix} data-testid={`figure-${key}`} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={`${t('attendance.calendar')} (${data.month})`} style={{ height: '100%' }}>
            <CalendarHeatmap title={t('attendance.calendar')} month={data.month} days={data.calendar} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            title={t('attendance.customers')}
            extra={
              <TableExport
                name={`${t('attendance.exportName')}-${data.month}`}
                columns={exportColumnsOf(customerColumns)}
                rows={data.customers}
              />
            }
            style={{ height: '100%' }}
          >
            <Table
              size="small"
              rowKey="orgId"
              dataSource={data.customers}
              pagination={{ pageSize: 8, hideOnSinglePage: true }}
              columns={tableColumnsOf(customerColumns)}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
