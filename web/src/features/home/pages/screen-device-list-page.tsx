import { useState } from 'react';
import { Button, Input } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEVICE_STATUS } from '@console/contract/codes/device-status';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { screenEndpoints } from '@console/contract/http/screens';
import { homeScreens } from '@console/contract/screens/home';
import { href } from '@console/contract/screens/screen';
import { useCodeLabel } from '../../../components/code-label.ts';
import { statusColor } from '../../../components/fleet-map/status-colors.ts';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import { Panel } from '../components/screen-parts.tsx';
import { ScreenProblem, useSiteParam } from '../components/screen-problem.tsx';
import { ScreenFrame } from '../components/screen-frame.tsx';
import { ScreenHeader, useScreenColours } from '../components/screen-header.tsx';
import { useScreenRefresh } from '../components/use-screen-refresh.ts';

/** Rows a page shows: as many as fit the 1920×1080 stage at a size read from across a room. */
const ROWS = 12;

/** /screenDeviceList?orgId=: the machines of one site of the data screen, paged by the server, live. */
export function ScreenDeviceListPage() {
  const { t } = useTranslation('home');
  const label = useCodeLabel();
  const colours = useScreenColours();
  const site = useSiteParam();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const machines = useQuery({
    ...endpointQuery(
      screenEndpoints.machines,
      { orgId: site.sent, page, pageSize: ROWS, keyword },
      { background: true },
    ),
    placeholderData: keepPreviousData,
  });
  useScreenRefresh([screenEndpoints.machines]);
  const pages = Math.max(1, Math.ceil((machines.data?.total ?? 0) / ROWS));

  return (
    <ScreenFrame background={colours.background}>
      <div className="screen-board">
        <ScreenHeader
          title={machines.data?.orgName ? `${machines.data.orgName} · ${t('screen.machines')}` : t('screen.machines')}
          extra={
            <Link
              to={site.id === undefined ? href(homeScreens.screen) : href(homeScreens.screenDetail, { orgId: site.id })}
            >
              <Button ghost size="large">
                {t(site.id === undefined ? 'screen.back' : 'screen.backToSite')}
              </Button>
            </Link>
          }
        />
        <div className="screen-grid" style={{ gridTemplateRows: '1fr' }}>
          <Panel
            title={t('screen.machinesTotal', { count: machines.data?.total ?? 0 })}
            accent={colours.accent}
            extra={
              <Input.Search
                allowClear
                size="large"
                style={{ width: 420 }}
                placeholder={t('screen.search')}
                aria-label={t('screen.search')}
                onSearch={(value) => {
                  setKeyword(value.trim());
                  setPage(1);
                }}
              />
            }
          >
            {machines.isError ? (
              <ScreenProblem error={machines.error} onRetry={() => void machines.refetch()} />
            ) : (
              <table className="screen-table">
                <thead>
                  <tr>
                    <th>{t('screen.columns.serial')}</th>
                    <th>{t('screen.columns.name')}</th>
                    <th>{t('screen.columns.kind')}</th>
                    <th>{t('screen.columns.status')}</th>
                    <th>{t('screen.columns.location')}</th>
                    <th>{t('screen.columns.lastReport')}</th>
                    <th>{t('screen.columns.hours')}</th>
                  </tr>
                </thead>
                <tbody>
                  {machines.data?.list.map((m) => (
                    <tr key={m.id}>
                      <td>{m.serialNumber}</td>
                      <td>{m.deviceName}</td>
                      <td>{label(MACHINE_KIND, m.kind)}</td>
                      <td style={{ color: statusColor(m.status) }}>{label(DEVICE_STATUS, m.status)}</td>
                      <td>{m.location}</td>
                      <td>{m.lastReportAt}</td>
                      <td>{m.workingHours.toFixed(1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {machines.data?.total === 0 && <p className="screen-empty">{t('screen.noMachines')}</p>}
            {/* Left out on an error: the pager's flex display would show through a `hidden` attribute. */}
            {!machines.isError && (
              <nav className="screen-pager" aria-label={t('screen.pages')}>
                <Button ghost size="large" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t('screen.previous')}
                </Button>
                <span>{t('screen.page', { page, pages })}</span>
                <Button ghost size="large" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  {t('screen.next')}
                </Button>
              </nav>
            )}
          </Panel>
        </div>
      </div>
    </ScreenFrame>
  );
}
