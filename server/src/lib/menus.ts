import type { MenuNode } from '@console/contract/http/menus';
import { ROLE, type RoleId } from '@console/contract/codes/roles';
import { DEVICE_EDITORS, DEVICE_READERS } from '@console/contract/http/devices';
import { FENCE_READERS } from '@console/contract/http/fences';
import { RISK_LOCKERS, RISK_READERS } from '@console/contract/http/risk';
import { SIM_READERS } from '@console/contract/http/sim-cards';
import { PERIPHERAL_READERS } from '@console/contract/http/peripherals';
import { ASSET_READERS } from '@console/contract/http/accessories';
import { ALARM_READERS } from '@console/contract/http/warning';
import { RULE_READERS } from '@console/contract/http/alarm-rules';
import { CASE_READERS } from '@console/contract/http/cases';
import { FAULT_READERS } from '@console/contract/http/faults';
import { FEEDBACK_READERS } from '@console/contract/http/feedback';
import { UPKEEP_READERS } from '@console/contract/http/upkeep';
import { WORK_ORDER_KEEPERS, WORK_ORDER_READERS } from '@console/contract/http/work-orders';
import type { Lang } from '@console/contract/messages/translate';
import { menuTitles, type MenuTitleKey } from './menu-titles.ts';

/**
 * The sidebar each role gets. Each entry names a console route (web/src/app/routes) and the roles that see
 * it; a test proves every url resolves to a page. Every area adds its entries here.
 */
interface MenuEntry {
  title: MenuTitleKey;
  url: string;
  icon: string;
  roles: readonly RoleId[] | 'all';
  children?: MenuEntry[];
}

const ORG_ADMINS: readonly RoleId[] = [ROLE.companyAdmin, ROLE.lessorAdmin];

const MENU: MenuEntry[] = [
  { title: 'home', url: '/dashboard', icon: 'home', roles: 'all' },
  {
    title: 'devices',
    // A group is not a page: its url is only the key that opens it (the list itself is /deviceManagement).
    url: 'deviceManagement',
    icon: 'database',
    roles: DEVICE_READERS,
    children: [
      { title: 'deviceList', url: '/deviceManagement', icon: 'appstore', roles: DEVICE_READERS },
      { title: 'deviceOverview', url: '/deviceManagement/deviceOverview', icon: 'dashboard', roles: DEVICE_READERS },
      {
        title: 'trackPlayback',
        url: '/deviceManagement/historicalTrajectory',
        icon: 'environment',
        roles: DEVICE_READERS,
      },
      { title: 'deviceModels', url: '/deviceManagement/models', icon: 'profile', roles: DEVICE_EDITORS },
      { title: 'simCards', url: '/deviceManagement/simCards', icon: 'idcard', roles: SIM_READERS },
      { title: 'virtualHosts', url: '/deviceManagement/virtualHosts', icon: 'cluster', roles: PERIPHERAL_READERS },
      { title: 'controllers', url: '/deviceManagement/controllers', icon: 'control', roles: PERIPHERAL_READERS },
      { title: 'gpsGateways', url: '/deviceManagement/gpsGateways', icon: 'car', roles: PERIPHERAL_READERS },
      { title: 'accessories', url: '/deviceManagement/accessories', icon: 'container', roles: ASSET_READERS },
    ],
  },
  {
    title: 'fences',
    // Everyone who reads machines: editors keep their fences, the others (customers, distributors, sales,
    // technicians) see read-only the fences holding machines they see, to know where a machine may go.
    url: 'fenceManagement',
    icon: 'global',
    roles: FENCE_READERS,
    children: [{ title: 'fenceList', url: '/fenceManagement/list', icon: 'environment', roles: FENCE_READERS }],
  },
  {
    title: 'warning',
    // The alarms and maintenance group (spec /warning); work orders, faults and the rest sit beside the centre.
    url: 'warning',
    icon: 'warning',
    roles: ALARM_READERS,
    children: [
      { title: 'alarmCentre', url: '/warning/all', icon: 'alert', roles: ALARM_READERS },
      { title: 'alarmRules', url: '/warning/rules', icon: 'control', roles: RULE_READERS },
      // A technician's list holds only the orders assigned to them: "My work orders".
      {
        title: 'workOrders',
        url: '/warning/ticket',
        icon: 'tool',
        roles: WORK_ORDER_READERS.filter((r) => r !== ROLE.technician),
      },
      { title: 'myWorkOrders', url: '/warning/ticket', icon: 'tool', roles: [ROLE.technician] },
      { title: 'technicians', url: '/warning/worker', icon: 'team', roles: WORK_ORDER_KEEPERS },
      { title: 'faults', url: '/warning/fault', icon: 'bug', roles: FAULT_READERS },
      { title: 'upkeep', url: '/warning/upkeep', icon: 'schedule', roles: UPKEEP_READERS },
      { title: 'feedback', url: '/warning/feedback', icon: 'solution', roles: FEEDBACK_READERS },
    ],
  },
  {
    title: 'approvals',
    // The approvals group (spec /approvalManagement); the expert library is the part maintenance needs.
    url: 'approvalManagement',
    icon: 'audit',
    roles: CASE_READERS,
    children: [{ title: 'caseLibrary', url: '/approvalManagement/caselibrary', icon: 'profile', roles: CASE_READERS }],
  },
  {
    title: 'risk',
    // Lock tasks and records for those who follow commands; the lock day settings for those who may lock.
    url: 'riskManagement',
    icon: 'safety',
    roles: RISK_READERS,
    children: [
      { title: 'lockTasks', url: '/riskManagement/index', icon: 'lock', roles: RISK_READERS },
      { title: 'riskRecords', url: '/riskManagement/history', icon: 'file-text', roles: RISK_READERS },
      { title: 'lockDays', url: '/riskManagement/lockDays', icon: 'schedule', roles: RISK_LOCKERS },
    ],
  },
  {
    title: 'employees',
    url: '/employeeManagement',
    icon: 'team',
    roles: ORG_ADMINS,
    children: [{ title: 'employeeList', url: '/employeeManagement/all', icon: 'user', roles: ORG_ADMINS }],
  },
  {
    title: 'settings',
    url: '/setUp',
    icon: 'setting',
    roles: 'all',
    children: [
      { title: 'personalSettings', url: '/setUp?active=first', icon: 'user', roles: 'all' },
      {
        title: 'corporateSettings',
        url: '/setUp?active=second',
        icon: 'bank',
        roles: [ROLE.lessorAdmin, ROLE.lessorSales],
      },
    ],
  },
];

function build(entries: MenuEntry[], roleId: RoleId, lang: Lang): MenuNode[] {
  return entries
    .filter((e) => e.roles === 'all' || e.roles.includes(roleId))
    .map((e) => ({
      name: menuTitles[e.title][lang === 'en_US' ? 1 : 0],
      url: e.url,
      icon: e.icon,
      nodes: build(e.children ?? [], roleId, lang),
    }));
}

export function menusFor(roleId: RoleId, lang: Lang): MenuNode[] {
  return build(MENU, roleId, lang);
}

/** Every url any role can be sent, for the test that each resolves to a page. */
export function allMenuUrls(): string[] {
  const walk = (entries: MenuEntry[]): string[] => entries.flatMap((e) => [e.url, ...walk(e.children ?? [])]);
  return walk(MENU);
}
