import { useMemo } from 'react';
import { Button, Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROCESS_CATEGORY } from '@console/contract/codes/processes';
import { formDataSchema, processEndpoints, type FormFieldDecl } from '@console/contract/http/processes';
import { href } from '@console/contract/screens/screen';
import { processScreens } from '@console/contract/screens/processes';
import { QueryState } from '../../../components/query-state.tsx';
import { SchemaForm } from '../../../components/schema-form.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { PROCESS_READS, usePeople } from '../api.ts';
import { DeclaredFormItems } from '../components/declared-fields.tsx';
import { FlowDiagram } from '../components/flow-diagram.tsx';

/** The processes the reader may start, as cards. */
function Choices({ onPick }: { onPick: (id: number) => void }) {
  const { t } = useTranslation('processes');
  const query = useQuery(endpointQuery(processEndpoints.startable));
  return (
    <Card title={t('create.pick')}>
      <QueryState query={query}>
        {({ list }) =>
          list.length === 0 ? (
            <Empty description={t('create.none')} />
          ) : (
            // data-records: the processes as their organisation named them, in whatever language (as a table's rows).
            <Row gutter={[16, 16]} data-records>
              {list.map((d) => (
                <Col key={d.id} xs={24} md={12} xl={8}>
                  <Card hoverable size="small" onClick={() => onPick(d.id)} data-testid={`start-${d.key}`}>
                    <Space orientation="vertical" size={4}>
                      <Typography.Text strong>{d.name}</Typography.Text>
                      <Space size={4}>
                        <StatusBadge table={PROCESS_CATEGORY} value={d.category} />
                        <Typography.Text type="secondary">v{d.version}</Typography.Text>
                      </Space>
                      <Typography.Text type="secondary">{d.formName}</Typography.Text>
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          )
        }
      </QueryState>
    </Card>
  );
}

function StartForm({ definitionId, fields }: { definitionId: number; fields: FormFieldDecl[] }) {
  const { t } = useTranslation('processes');
  const navigate = useNavigate();
  const start = useEndpointMutation(processEndpoints.start, { invalidates: PROCESS_READS, silent: true });
  const schema = useMemo(() => formDataSchema(fields), [fields]);
  return (
    <SchemaForm
      schema={schema}
      submitText={t('create.submit')}
      successMessage={t('create.started')}
      onSubmit={(data) => start.mutateAsync({ body: { definitionId, data } })}
      onSuccess={(done) => void navigate(href(processScreens.flowDetail, { id: done.id }))}
    >
      <DeclaredFormItems fields={fields} />
    </SchemaForm>
  );
}

/** /processMng/create: start a process: pick one the organisation offers, fill its form, see who will approve. */
export function CreatePage() {
  const { t } = useTranslation('processes');
  const { query, update } = useScreenQuery(processScreens.create);
  const definitionId = query.definitionId ?? 0;
  const people = usePeople();
  const detail = useQuery({
    ...endpointQuery(processEndpoints.definitionDetail, { id: definitionId }),
    enabled: definitionId > 0,
  });
  if (!definitionId) return <Choices onPick={(id) => update({ definitionId: id })} />;
  return (
    <QueryState query={detail}>
      {(def) => (
        <Row gutter={16}>
          <Col xs={24} xl={14}>
            <Card
              title={`${def.name} · v${def.version}`}
              extra={<Button onClick={() => update({ definitionId: undefined })}>{t('create.another')}</Button>}
            >
              {def.description && <Typography.Paragraph type="secondary">{def.description}</Typography.Paragraph>}
              <StartForm key={def.id} definitionId={def.id} fields={def.fields} />
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title={t('create.flow')}>
              <FlowDiagram vertical nodes={def.nodes.map((node) => ({ node }))} fields={def.fields} people={people} />
            </Card>
          </Col>
        </Row>
      )}
    </QueryState>
  );
}
