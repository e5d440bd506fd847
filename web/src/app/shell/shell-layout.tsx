import { useState } from 'react';
import { Drawer, Layout } from 'antd';
import { useLocation } from 'react-router';
import { useBrand } from '../../lib/brand.ts';
import { useLiveEventStream } from '../../lib/live-events.ts';
import { isDashboardPath } from '../access.ts';
import { AlarmBell } from './alarm-bell.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { useDeviceMode } from './use-device-mode.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, useSidebar } from './use-sidebar.ts';

/**
 * The console around every signed-in page. Desktop: a 210 px sidebar that opens on mouse enter and closes
 * on mouse leave (remembered). Mobile: the sidebar is a drawer opened from the top bar.
 */
export function ShellLayout() {
  const device = useDeviceMode();
  const [open, setOpen] = useSidebar();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const brand = useBrand();
  const mobile = device === 'mobile';
  // One live stream for every signed-in page: the bell, the home's map and figures listen to it.
  useLiveEventStream();

  return (
    <Layout style={{ minHeight: '100vh' }} data-device={device}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: brand.info.theme.sidebar } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!open}
          trigger={null}
          onMouseEnter={() => setOpen(true)}
          onMouseLeave={() => setOpen(false)}
          style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
        >
          <SideMenu collapsed={!open} />
        </Layout.Sider>
      )}
      <Layout>
        <TopBar
          compact={mobile}
          sidebarOpen={mobile ? drawerOpen : open}
          onToggleSidebar={() => (mobile ? setDrawerOpen(!drawerOpen) : setOpen(!open))}
        />
        <Breadcrumbs />
        <Layout.Content style={{ margin: 16, minWidth: 0 }}>
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
      {!isDashboardPath(pathname) && <AlarmBell />}
    </Layout>
  );
}
