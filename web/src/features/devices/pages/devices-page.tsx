import type React from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceEndpoints, DEVICE_EDITORS } from '@console/contract/http/devices';
import { ListPage } from '../../../components/list-page.tsx';
import { useSession } from '../../../lib/session.ts';
import { AssignDistributorButton } from '../components/assign-distributor-button.tsx';
import { useDeviceColumns } from '../components/device-columns.tsx';
import { useDeviceFilters } from '../components/device-filters.tsx';

/** /deviceManagement: every machine in the user's scope, filtered, sorted and paged on the server. */
export function DevicesPage() {
  const { t } = useTranslation('devices');
  const { roleId } = useSession();
  const editor = (DEVICE_EDITORS as readonly number[]).includes(roleId);
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

  return (
    <ListPage
      area="devices"
      resource="list"
      endpoint={deviceEndpoints.list}
      rowKey="id"
      title={t('list.title')}
      exportName={t('list.exportName')}
      filters={useDeviceFilters()}
      columns={useDeviceColumns()}
      toolbar={
        editor && (
          <Button type="primary" icon={<PlusOutlined />} {...linkProps('/deviceManagement/addMachine')}>
            {t('list.add')}
          </Button>
        )
      }
      selectable={(row) => row.editable}
      batchActions={editor ? (rows, clear) => <AssignDistributorButton rows={rows} onDone={clear} /> : undefined}
      batchActionsAlways
    />
  );
}
