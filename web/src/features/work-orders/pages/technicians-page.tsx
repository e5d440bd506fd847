import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { technicianEndpoints, type TechnicianRow } from '@console/contract/http/technicians';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { WORK_ORDER_READS } from '../api/work-orders.ts';
import { ordersOf, useTechnicianFields } from '../fields.tsx';

function ProfileDialog({ row, onClose }: { row: TechnicianRow; onClose: () => void }) {
  const { t } = useTranslation(['work-orders', 'common']);
  // Silent: the dialog shows a refusal on its field.
  const save = useEndpointMutation(technicianEndpoints.saveProfile, { invalidates: WORK_ORDER_READS, silent: true });
  const fields = useTechnicianFields();
  return (
    <FormDialog
      title={t('technicians.editTitle', { name: row.name })}
      open
      onClose={onClose}
      schema={technicianEndpoints.saveProfile.body}
      initialValues={{ userId: row.id, region: row.region, skills: row.skills }}
      successMessage={t('common:saved')}
      onSubmit={(body) => save.mutateAsync({ body })}
    >
      {fields.formItems(['region', 'skills'])}
    </FormDialog>
  );
}

/** /warning/worker: the technicians of the user's companies, their region, skills and work orders. */
export function TechniciansPage() {
  const { t } = useTranslation(['work-orders', 'common']);
  const [editing, setEditing] = useState<TechnicianRow | null>(null);
  const fields = useTechnicianFields();
  const columns: ListColumn<TechnicianRow>[] = [
    ...fields.columns(['name', 'mobile', 'orgName', 'region', 'skills', 'open', 'finished']),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <Link to={ordersOf(row.id)}>{t('technicians.orders')}</Link>
          {row.editable && (
            <Button type="link" onClick={() => setEditing(row)}>
              {t('technicians.edit')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage
        area="work-orders"
        resource="technicians"
        endpoint={technicianEndpoints.list}
        rowKey="id"
        title={t('technicians.title')}
        exportName={t('technicians.exportName')}
        filters={fields.filters(['keyword'])}
        columns={columns}
      />
      {editing && <ProfileDialog row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
