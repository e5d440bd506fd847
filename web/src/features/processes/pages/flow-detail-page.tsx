import { App, Card, Col, Descriptions, Row, Space, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ProcessEvent } from '@console/contract/codes/processes';
import { processEndpoints } from '@console/contract/http/processes';
import { processScreens } from '@console/contract/screens/processes';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { PROCESS_READS, usePeople } from '../api.ts';
import { DeclaredValues } from '../components/declared-fields.tsx';
import { FlowDiagram } from '../components/flow-diagram.tsx';
import { TaskActions } from '../components/task-actions.tsx';
import { useInstanceFields } from '../fields.tsx';

const EVENT_COLOR: Record<ProcessEvent, string> = {
  start: 'blue',
  approve: 'green',
  nodePassed: 'green',
  finish: 'green',
  reject: 'red',
  withdraw: 'gray',
  transfer: 'blue',
  cc: 'gray',
  skip: 'gray',
};

/**
 * /processMng/flowDetail: one process for its starter, its assignees, those copied and the organisation's
 * administrators: the form as filled, the flow with its passed, current and pending nodes, and who did what when.
 */
export function FlowDetailPage() {
  const { t } = useTranslation('processes');
  const { message } = App.useApp();
  const fields = useInstanceFields();
  const id = useScreenQuery(processScreens.flowDetail).query.id ?? 0;
  const query = useQuery(endpointQuery(processEndpoints.instanceDetail, { id }));
  const people = usePeople(query.data?.instance.orgId);
  const withdraw = useEndpointMutation(processEndpoints.withdraw, { invalidates: PROCESS_READS });
  return (
    <QueryState query={query}>
      {({ instance, fields: formFields, data, nodes, events, myTaskId }) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card
            title={`${instance.number} ${instance.title}`}
            extra={
              <Space>
                {myTaskId !== null && <TaskActions taskId={myTaskId} title={instance.title} />}
                {instance.canWithdraw && (
                  <ConfirmButton
                    danger
                    title={t('mine.withdrawConfirm', { number: instance.number })}
                    onConfirm={async () => {
                      await withdraw.mutateAsync({ body: { id: instance.id, comment: '' } });
                      void message.success(t('mine.withdrawn'));
                    }}
                  >
                    {t('mine.withdraw')}
                  </ConfirmButton>
                )}
              </Space>
            }
          >
            <Descriptions
              size="small"
              column={3}
              items={fields.descriptions(instance, [
                'state',
                'name',
                'version',
                'currentNode',
                'startedByName',
                'startedAt',
                'endedAt',
              ])}
            />
          </Card>
          <Card size="small" title={t('detail.flow')}>
            <FlowDiagram
              nodes={nodes.map((n) => ({ node: n.node, status: n.status, assigneeNames: n.assigneeNames }))}
              fields={formFields}
              people={people}
            />
          </Card>
          <Row gutter={16}>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('detail.form')}>
                <DeclaredValues fields={formFields} data={data} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('detail.history')}>
                <Timeline
                  items={events.map((e) => ({
                    key: e.id,
                    color: EVENT_COLOR[e.event],
                    content: (
                      <>
                        <Typography.Text strong>{t(`event.${e.event}`, { to: e.toName })}</Typography.Text>
                        {e.nodeName && <> · {e.nodeName}</>}
                        {e.byName && <> · {e.byName}</>}
                        <div>
                          <Typography.Text type="secondary">{e.at}</Typography.Text>
                        </div>
                        {e.comment && <div>{t('detail.comment', { comment: e.comment })}</div>}
                      </>
                    ),
                  }))}
                />
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </QueryState>
  );
}
