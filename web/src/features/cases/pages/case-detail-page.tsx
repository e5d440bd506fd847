import { App, Button, Card, Descriptions, Result, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RegistryDialog } from '../../../components/registry-page.tsx';
import { caseEndpoints } from '@console/contract/http/cases';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { useCaseFields, useCaseWrites } from '../fields.tsx';
import { href } from '@console/contract/screens/screen';
import { caseScreens } from '@console/contract/screens/cases';

/** /approvalManagement/caselibraryDetail?id=: one case, loaded on its own (a bookmark, a work order's link). */
export function CaseDetailPage() {
  const { t } = useTranslation(['cases', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { form, remove } = useCaseWrites();
  const fields = useCaseFields();
  const id = useScreenQuery(caseScreens.detail).query.id ?? 0;
  const query = useQuery({ ...endpointQuery(caseEndpoints.detail, { id }), enabled: id > 0 });
  const back = <Link to={href(caseScreens.library)}>{t('back')}</Link>;
  if (id <= 0) return <Result status="404" title={t('notFound')} extra={back} />;
  return (
    <QueryState query={query} notFoundExtra={back}>
      {(row) => (
        <Card
          title={
            <Space>
              {row.title}
              {fields.cell('machineKind', row)}
            </Space>
          }
          extra={
            <Space>
              {row.editable && (
                <>
                  <RegistryDialog form={form} row={row} trigger={<Button>{t('common:edit')}</Button>} />
                  <ConfirmButton
                    danger
                    title={remove.confirm(row)}
                    onConfirm={async () => {
                      await remove.submit(row);
                      void message.success(remove.done);
                      void navigate(href(caseScreens.library));
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
            items={fields.descriptions(row, [
              'faultTypes',
              'symptom',
              'cause',
              'solution',
              'parts',
              'orgName',
              'authorName',
              'updatedAt',
            ])}
          />
        </Card>
      )}
    </QueryState>
  );
}
