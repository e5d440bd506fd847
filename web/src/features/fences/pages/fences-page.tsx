import { App, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fenceEndpoints, type FenceRow } from '@console/contract/http/fences';
import { FENCE_EDITORS } from '@console/contract/access/fences';
import { useFenceFields } from '../fields.tsx';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useHasRole } from '../../../lib/session.ts';
import { FENCE_READS } from '../api/fences.ts';
import { href } from '@console/contract/screens/screen';
import { fenceScreens } from '@console/contract/screens/fences';

/** /fenceManagement/list: the fences in the user's scope, with their machines, dates, window and contacts. */
export function FencesPage() {
  const { t } = useTranslation(['fences', 'common']);
  const { message } = App.useApp();
  const remove = useEndpointMutation(fenceEndpoints.delete, { invalidates: FENCE_READS });
  const editor = useHasRole(FENCE_EDITORS);
  const navigate = useNavigate();
  // A button that is a real link (it opens in a new tab too) and navigates inside the console on a plain click.
  const linkProps = (href: string) => ({
    href,
    onClick: (event: React.MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      void navigate(href);
    },
  });

  const fields = useFenceFields();
  const columns: ListColumn<FenceRow>[] = [
    ...fields.columns([
      'name',
      'shapeType',
      'deviceCount',
      'startDate',
      'alarmWindow',
      'dailyLimitHours',
      'contactName',
      'contactPhone',
      'location',
      'ownerName',
      'updatedAt',
    ]),
    {
      key: 'actions',
      title: t('common:actions'),
      noExport: true,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" {...linkProps(href(fenceScreens.editor, { id: row.id }))}>
            {row.editable ? t('common:edit') : t('list.view')}
          </Button>
          {row.editable && (
            <ConfirmButton
              type="link"
              danger
              title={t('list.deleteConfirm', { name: row.name })}
              onConfirm={async () => {
                await remove.mutateAsync({ body: { id: row.id } });
                void message.success(t('list.deleted'));
              }}
            >
              {t('common:delete')}
            </ConfirmButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      area="fences"
      resource="list"
      endpoint={fenceEndpoints.list}
      rowKey="id"
      title={t('list.title')}
      exportName={t('list.exportName')}
      filters={fields.filters(['name', 'contact', 'location', 'monitoring'])}
      columns={columns}
      toolbar={
        editor && (
          <Button type="primary" icon={<PlusOutlined />} {...linkProps(href(fenceScreens.editor))}>
            {t('list.add')}
          </Button>
        )
      }
    />
  );
}
