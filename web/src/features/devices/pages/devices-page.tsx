import type React from 'react';
import { Button, Card, Segmented } from 'antd';
import { EnvironmentOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceEndpoints, type DeviceRow } from '@console/contract/http/devices';
import { DEVICE_EDITORS } from '@console/contract/access/devices';
import { FleetMapPanel } from '../../../components/fleet-map/fleet-map-panel.tsx';
import { activeFilters, FilterTags } from '../../../components/fleet-map/filter-tags.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { useSessionValue } from '../../../lib/session.ts';
import { AssignDistributorButton } from '../components/assign-distributor-button.tsx';
import { useDeviceColumns } from '../components/device-columns.tsx';
import { useDeviceFilters } from '../components/device-filters.tsx';
import { href } from '@console/contract/screens/screen';
import { deviceScreens } from '@console/contract/screens/devices';

const MAP_HEIGHT = 640;

/** The machines a batch may take: one function, so that the list's table keeps it across renders. */
const editable = (row: DeviceRow) => row.editable;

/**
 * /deviceManagement: every machine in the user's scope, filtered, sorted and paged on the server; or, with
 * `?view=map`, the machines of the same filters on the live fleet map.
 */
export function DevicesPage() {
  const { t } = useTranslation('devices');
  const roleId = useSessionValue((session) => session.roleId);
  const { params, update } = useListParams();
  const view = params.view === 'map' ? 'map' : 'list';
  const filters = useDeviceFilters();
  const columns = useDeviceColumns();
  const viewSwitch = (
    <Segmented
      aria-label={t('list.view')}
      value={view}
      onChange={(next) => update({ view: next === 'map' ? 'map' : undefined })}
      options={[
        { value: 'list', label: t('list.listView'), icon: <UnorderedListOutlined /> },
        { value: 'map', label: t('list.mapView'), icon: <EnvironmentOutlined /> },
      ]}
    />
  );
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

  if (view === 'map') {
    return (
      <Card title={t('list.title')} extra={viewSwitch}>
        <FilterTags filters={filters} params={params} onChange={(patch) => update(patch, true)} />
        <FleetMapPanel height={MAP_HEIGHT} filters={activeFilters(filters, params)} />
      </Card>
    );
  }

  return (
    <ListPage
      area="devices"
      resource="list"
      endpoint={deviceEndpoints.list}
      rowKey="id"
      title={t('list.title')}
      exportName={t('list.exportName')}
      filters={filters}
      columns={columns}
      toolbar={
        <>
          {viewSwitch}
          {editor && (
            <Button type="primary" icon={<PlusOutlined />} {...linkProps(href(deviceScreens.form))}>
              {t('list.add')}
            </Button>
          )}
        </>
      }
      selectable={editable}
      batchActions={editor ? (rows, clear) => <AssignDistributorButton rows={rows} onDone={clear} /> : undefined}
      batchActionsAlways
    />
  );
}
