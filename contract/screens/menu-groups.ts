import { ADMIN_ROLES } from '../codes/roles.ts';
import { ANALYSIS_READERS } from '../access/analysis.ts';
import { CASE_READERS } from '../access/cases.ts';
import { BIND_DECIDERS } from '../access/approvals.ts';
import { CUSTOMER_READERS } from '../access/customers.ts';
import { USER_READERS } from '../access/users.ts';
import { DEVICE_READERS } from '../access/devices.ts';
import { FENCE_READERS } from '../access/fences.ts';
import { RISK_READERS } from '../access/risk.ts';
import { CONTRACT_READERS } from '../access/lease-contracts.ts';
import { BILL_READERS } from '../access/lease-billing.ts';
import { RENEWAL_READERS } from '../access/renewals.ts';
import { COUPON_READERS } from '../access/coupons.ts';
import { INVOICE_READERS } from '../access/invoices.ts';
import { FINANCE_TASK_READERS } from '../access/finance-tasks.ts';
import { PRODUCT_READERS } from '../access/products.ts';
import { SHOP_ORDER_READERS } from '../access/shop-orders.ts';
import { EXPENSE_READERS } from '../access/device-records.ts';
import { ALARM_READERS } from '../access/warning.ts';
import { BANNER_EDITORS } from '../access/banners.ts';
import { PROCESS_USERS } from '../access/processes.ts';
import { MONITOR_READERS } from '../access/monitor.ts';
import { ACTIVITY_EDITORS } from '../access/activities.ts';
import { QUALITY_READERS } from '../access/quality.ts';
import type { MenuGroup, MenuGroupId } from './screen.ts';
import { settingScreens } from './settings.ts';

/** The sidebar's groups, in the order of the top level (the home page sits at order 10). */
export const MENU_GROUPS: Record<MenuGroupId, MenuGroup> = {
  // The list itself is /deviceManagement; the group's url only opens it.
  // The data centre (spec /workingAnalysis): summary, attendance and construction analysis (decision 037).
  analysis: { url: 'workingAnalysis', order: 15, title: 'analysis', icon: 'bar-chart', roles: ANALYSIS_READERS },
  devices: { url: 'deviceManagement', order: 20, title: 'devices', icon: 'database', roles: DEVICE_READERS },
  // Rental management (spec /leaseCenter): contracts, and the renters, stores and approval rules beside them. A
  // renter's users read their contracts here too.
  lease: { url: 'leaseCenter', order: 25, title: 'lease', icon: 'container', roles: CONTRACT_READERS },
  // The finance centre (spec /financeCenter, "finance centre" among the interface's areas): service renewals, the
  // bill record, the repayment history and the machines' expenses; receipts and arrears sit under rental management.
  finance: {
    url: 'financeCenter',
    order: 27,
    title: 'finance',
    icon: 'account-book',
    roles: [
      ...new Set([
        ...BILL_READERS,
        ...RENEWAL_READERS,
        ...EXPENSE_READERS,
        ...COUPON_READERS,
        ...INVOICE_READERS,
        ...FINANCE_TASK_READERS,
      ]),
    ],
  },
  // The product centre (spec /productCenter): price configuration (decision 049) and shop orders (decision 050).
  products: {
    url: 'productCenter',
    order: 28,
    title: 'products',
    icon: 'shop',
    roles: [...new Set([...PRODUCT_READERS, ...SHOP_ORDER_READERS])],
  },
  fences: { url: 'fenceManagement', order: 30, title: 'fences', icon: 'global', roles: FENCE_READERS },
  // The alarms and maintenance group (spec /warning); work orders, faults and the rest sit beside the centre.
  warning: { url: 'warning', order: 40, title: 'warning', icon: 'warning', roles: ALARM_READERS },
  // The approvals group (spec /approvalManagement): binding approvals (decision 047), the expert library and the
  // apps' activities and pushes (decision 056).
  approvals: {
    url: 'approvalManagement',
    order: 50,
    title: 'approvals',
    icon: 'audit',
    roles: [...new Set([...CASE_READERS, ...BIND_DECIDERS, ...ACTIVITY_EDITORS])],
  },
  risk: { url: 'riskManagement', order: 60, title: 'risk', icon: 'safety', roles: RISK_READERS },
  // Video monitoring (spec /monitorManagement): the cameras on the machines, live (decision 057).
  monitor: {
    url: '/monitorManagement',
    order: 62,
    title: 'monitorManagement',
    icon: 'video-camera',
    roles: MONITOR_READERS,
  },
  // Customers (spec /customerManagement) and the accounts and partner companies (spec /userManagement), decision 043;
  // written as paths, they also name those levels of the breadcrumb.
  customers: { url: '/customerManagement', order: 65, title: 'customers', icon: 'solution', roles: CUSTOMER_READERS },
  users: { url: '/userManagement', order: 67, title: 'users', icon: 'user', roles: USER_READERS },
  // Written as a path, this group also names the /employeeManagement level of the breadcrumb.
  employees: { url: '/employeeManagement', order: 70, title: 'employees', icon: 'team', roles: ADMIN_ROLES },
  // Production and factory testing, quality management (spec /qualityManagement, decision 055).
  quality: {
    url: 'qualityManagement',
    order: 72,
    title: 'quality',
    icon: 'experiment',
    roles: QUALITY_READERS,
  },
  // System management (spec /systemSetting): the apps' banners (decision 052).
  system: { url: 'systemSetting', order: 75, title: 'system', icon: 'control', roles: BANNER_EDITORS },
  // Process management (spec /processMng): approvals started, handled and designed (decision 054).
  processes: { url: 'processMng', order: 73, title: 'processes', icon: 'partition', roles: PROCESS_USERS },
  // Its url is the settings page's path; its entries open that page's two tabs.
  settings: { url: settingScreens.settings.path, order: 80, title: 'settings', icon: 'setting', roles: 'all' },
};
