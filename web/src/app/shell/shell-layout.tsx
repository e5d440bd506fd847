import './shell.css';
import { useState } from 'react';
import { Drawer, Layout } from 'antd';
import { useLocation } from 'react-router';
import { useBrand } from '../../lib/brand.ts';
import { useMenusInConsoleLang } from '../../lib/language-switch.tsx';
import { useLiveEventStream } from '../../lib/live-events.ts';
import { isDashboardPath } from '../access.ts';
import { AlarmBell } from './alarm-bell.tsx';
import { AssignmentNotice } from './assignment-notice.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { KeepAliveOutlet } from './keep-alive-outlet.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';
import { useDeviceMode } from './use-device-mode.ts';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, useSidebar } from './use-sidebar.ts';

/** Room on the right of the page for the floating bell (32 px from the edge, 40 px wide, 8 px apart). */
const BELL_GUTTER = 80;

/**
 * The console around every signed-in page. Desktop: a 210 px sidebar that opens on mouse enter and closes
 * on mouse leave (remembered). Opened by the pointer it floats over the page, which keeps its width: a hover
 * must not reflow the cards and the map under it. Opened with the top bar's button it takes its room beside
 * the page. Mobile: the sidebar is a drawer opened from the top bar.
 */
export function ShellLayout() {
  const device = useDeviceMode();
  const [open, setOpen] = useSidebar();
  // Opened with the button (or remembered open at load): the page makes room for it.
  const [roomy, setRoomy] = useState(open);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  const brand = useBrand();
  const mobile = device === 'mobile';
  const bellShown = !isDashboardPath(pathname);
  // One live stream for every signed-in page: the bell, the home's map and figures listen to it.
  useLiveEventStream();
  useMenusInConsoleLang();

  return (
    <Layout hasSider={!mobile} style={{ minHeight: '100vh' }} data-device={device}>
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
        <>
          <div
            data-testid="sidebar-room"
            style={{
              flex: 'none',
              width: open && roomy ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH,
              transition: 'width 0.2s',
            }}
          />
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
            collapsed={!open}
            trigger={null}
            onMouseEnter={() => setOpen(true)}
            onMouseLeave={() => {
              setOpen(false);
              setRoomy(false);
            }}
            // Above the page and its sticky parts, below drawers, dialogs and menus (1000 and up).
            style={{ position: 'fixed', insetInlineStart: 0, top: 0, height: '100vh', overflowY: 'auto', zIndex: 999 }}
          >
            <SideMenu collapsed={!open} />
          </Layout.Sider>
        </>
      )}
      <Layout>
        <TopBar
          compact={mobile}
          sidebarOpen={mobile ? drawerOpen : open}
          onToggleSidebar={() => {
            if (mobile) return setDrawerOpen(!drawerOpen);
            setRoomy(!open);
            setOpen(!open);
          }}
        />
        <Breadcrumbs />
        {/* The bell floats in a gutter of its own on the right: it never covers a row's links. */}
        <Layout.Content style={{ margin: 16, marginRight: bellShown ? BELL_GUTTER : 16, minWidth: 0 }}>
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
      {bellShown && <AlarmBell />}
      <AssignmentNotice />
    </Layout>
  );
}
