import { useState } from 'react';
import { Button, Input, Select, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { technicianEndpoints, type TechnicianRow } from '@console/contract/http/technicians';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { saveTechnicianProfile, ticketListHref, workOrdersKey } from '../api/work-orders.ts';

/** The work-order list of one technician (open ones, or all). */
const ordersHref = (id: number, open?: boolean) =>
  `${ticketListHref}?assigneeId=${id}${open === undefined ? '' : `&open=${open ? 1 : 0}`}`;

function ProfileDialog({ row, onClose }: { row: TechnicianRow; onClose: () => void }) {
  const { t } = useTranslation(['work-orders', 'common']);
  const queryClient = useQueryClient();
  return (
    <FormDialog
      title={t('technicians.editTitle', { name: row.name })}
      open
      onClose={onClose}
      schema={technicianEndpoints.saveProfile.body}
      initialValues={{ userId: row.id, region: row.region, skills: row.skills }}
      successMessage={t('common:saved')}
      onSubmit={(body) => saveTechnicianProfile(body)}
      onSuccess={() => void queryClient.invalidateQueries({ queryKey: workOrdersKey })}
    >
      <Field name="region" label={t('technicians.region')}>
        <Input maxLength={100} />
      </Field>
      <Field name="skills" label={t('technicians.skills')} extra={t('technicians.skillsHint')}>
        <Select mode="tags" open={false} tokenSeparators={[',', '，']} maxCount={10} />
      </Field>
    </FormDialog>
  );
}

/** /warning/worker: the technicians of the user's companies, their region, skills and work orders. */
export function TechniciansPage() {
  const { t } = useTranslation(['work-orders', 'common']);
  const [editing, setEditing] = useState<TechnicianRow | null>(null);
  const columns: ListColumn<TechnicianRow>[] = [
    { key: 'name', title: t('technicians.name'), dataIndex: 'name' },
    { key: 'mobile', title: t('technicians.mobile'), dataIndex: 'mobile' },
    { key: 'orgName', title: t('technicians.organisation'), dataIndex: 'orgName' },
    { key: 'region', title: t('technicians.region'), dataIndex: 'region', render: (v: string) => v || '-' },
    {
      key: 'skills',
      title: t('technicians.skills'),
      dataIndex: 'skills',
      exportValue: (row) => row.skills.join(' / '),
      render: (skills: string[]) => (skills.length > 0 ? skills.map((s) => <Tag key={s}>{s}</Tag>) : '-'),
    },
    {
      key: 'open',
      title: t('technicians.open'),
      dataIndex: 'open',
      render: (n: number, row) => <Link to={ordersHref(row.id, true)}>{n}</Link>,
    },
    {
      key: 'finished',
      title: t('technicians.finished'),
      dataIndex: 'finished',
      render: (n: number, row) => <Link to={ordersHref(row.id, false)}>{n}</Link>,
    },
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <Link to={ordersHref(row.id)}>{t('technicians.orders')}</Link>
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
        filters={[
          {
            name: 'keyword',
            label: t('technicians.name'),
            input: <Input allowClear maxLength={40} placeholder={t('technicians.keyword')} />,
          },
        ]}
        columns={columns}
      />
      {editing && <ProfileDialog row={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
