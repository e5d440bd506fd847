import type analysis from './zh-CN/analysis.json';
import type auth from './zh-CN/auth.json';
import type cases from './zh-CN/cases.json';
import type codes from './zh-CN/codes.json';
import type common from './zh-CN/common.json';
import type components from './zh-CN/components.json';
import type customers from './zh-CN/customers.json';
import type devices from './zh-CN/devices.json';
import type deviceDetail from './zh-CN/device-detail.json';
import type dashboard from './zh-CN/dashboard.json';
import type employees from './zh-CN/employees.json';
import type faults from './zh-CN/faults.json';
import type feedback from './zh-CN/feedback.json';
import type fences from './zh-CN/fences.json';
import type home from './zh-CN/home.json';
import type leaseContracts from './zh-CN/lease-contracts.json';
import type leaseParties from './zh-CN/lease-parties.json';
import type leaseSublease from './zh-CN/lease-sublease.json';
import type leaseBilling from './zh-CN/lease-billing.json';
import type leaseRevenue from './zh-CN/lease-revenue.json';
import type leaseHandover from './zh-CN/lease-handover.json';
import type leaseChanges from './zh-CN/lease-changes.json';
import type renewals from './zh-CN/renewals.json';
import type approvals from './zh-CN/approvals.json';
import type products from './zh-CN/products.json';
import type coupons from './zh-CN/coupons.json';
import type expenseLedger from './zh-CN/expense-ledger.json';
import type map from './zh-CN/map.json';
import type peripherals from './zh-CN/peripherals.json';
import type risk from './zh-CN/risk.json';
import type settings from './zh-CN/settings.json';
import type shell from './zh-CN/shell.json';
import type warning from './zh-CN/warning.json';
import type tracks from './zh-CN/tracks.json';
import type upkeep from './zh-CN/upkeep.json';
import type workOrders from './zh-CN/work-orders.json';

/**
 * The zh-CN catalogs are the typed source: an unknown key fails the type check. Each area adds its
 * namespace here (and a JSON file per language; a test proves both languages have the same keys).
 */
export interface Resources {
  common: typeof common;
  shell: typeof shell;
  auth: typeof auth;
  home: typeof home;
  components: typeof components;
  codes: typeof codes;
  settings: typeof settings;
  employees: typeof employees;
  customers: typeof customers;
  fences: typeof fences;
  devices: typeof devices;
  'device-detail': typeof deviceDetail;
  dashboard: typeof dashboard;
  map: typeof map;
  peripherals: typeof peripherals;
  risk: typeof risk;
  warning: typeof warning;
  tracks: typeof tracks;
  cases: typeof cases;
  faults: typeof faults;
  upkeep: typeof upkeep;
  feedback: typeof feedback;
  'work-orders': typeof workOrders;
  'lease-contracts': typeof leaseContracts;
  'lease-parties': typeof leaseParties;
  'lease-sublease': typeof leaseSublease;
  analysis: typeof analysis;
  'lease-billing': typeof leaseBilling;
  'lease-revenue': typeof leaseRevenue;
  'lease-handover': typeof leaseHandover;
  'lease-changes': typeof leaseChanges;
  renewals: typeof renewals;
  approvals: typeof approvals;
  products: typeof products;
  coupons: typeof coupons;
  'expense-ledger': typeof expenseLedger;
}
