import { App, Button, Card, Descriptions, Result, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryDialog } from '../../../components/registry-page.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { caseQuery, casesKey, deleteCase } from '../api/cases.ts';
import { useCaseForm } from '../components/case-fields.tsx';
import { FaultTypeTags } from '../components/fault-type-tags.tsx';

const LIBRARY = '/approvalManagement/caselibrary';
const text = (value: string) => (
  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{value || '-'}</Typography.Paragraph>
);

/** /approvalManagement/caselibraryDetail?id=: one case, loaded on its own (a bookmark, a work order's link). */
export function CaseDetailPage() {
  const { t } = useTranslation(['cases', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useCaseForm();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useQuery({ ...caseQuery(id), enabled: id > 0 });
  const back = <Link to={LIBRARY}>{t('back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(row) => (
        <Card
          title={
            <Space>
              {row.title}
              <StatusBadge table={MACHINE_KIND} value={row.machineKind} />
            </Space>
          }
          extra={
            <Space>
              {row.editable && (
                <>
                  <RegistryDialog
                    form={form}
                    row={row}
                    trigger={<Button>{t('common:edit')}</Button>}
                    onSaved={() => void queryClient.invalidateQueries({ queryKey: casesKey })}
                  />
                  <ConfirmButton
                    danger
                    title={t('deleteConfirm', { title: row.title })}
                    onConfirm={async () => {
                      await deleteCase(row.id);
                      void message.success(t('deleted'));
                      await queryClient.invalidateQueries({ queryKey: casesKey });
                      void navigate(LIBRARY);
                    }}
                  >
                    {t('common:delete')}
                  </ConfirmButton>
                </>
              )}
              {back}
            </Space>
          }
        >
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'types', label: t('faultTypes'), children: <FaultTypeTags types={row.faultTypes} /> },
              { key: 'symptom', label: t('symptom'), children: text(row.symptom) },
              { key: 'cause', label: t('cause'), children: text(row.cause) },
              { key: 'solution', label: t('solution'), children: text(row.solution) },
              { key: 'parts', label: t('parts'), children: text(row.parts) },
              { key: 'org', label: t('org'), children: row.orgName },
              { key: 'author', label: t('author'), children: row.authorName || '-' },
              { key: 'updated', label: t('updatedAt'), children: row.updatedAt },
            ]}
          />
        </Card>
      )}
    </QueryState>
  );
}
