import { analysisMenu, analysisScreens } from './analysis.ts';
import { authScreens } from './auth.ts';
import { appReleaseMenu, appReleaseScreens } from './app-releases.ts';
import { bannerMenu, bannerScreens } from './banners.ts';
import { apiKeyMenu, apiKeyScreens } from './api-keys.ts';
import { quoteMenu, quoteScreens } from './quotes.ts';
import { availabilityMenu, availabilityScreens } from './availability.ts';
import { notificationMenu, notificationScreens } from './notifications.ts';
import { dropRequestMenu, dropRequestScreens } from './drop-requests.ts';
import { lessorMenu, lessorScreens } from './lessors.ts';
import { themeMenu, themeScreens } from './themes.ts';
import { monitorMenu, monitorScreens } from './monitor.ts';
import { qualityMenu, qualityScreens } from './quality.ts';
import { activityMenu, activityScreens } from './activities.ts';
import { caseMenu, caseScreens } from './cases.ts';
import { customerMenu, customerScreens } from './customers.ts';
import { dashboardMenu, dashboardScreens } from './dashboard.ts';
import { deviceDetailScreens } from './device-detail.ts';
import { deviceMenu, deviceScreens } from './devices.ts';
import { employeeMenu, employeeScreens } from './employees.ts';
import { faultMenu, faultScreens } from './faults.ts';
import { feedbackMenu, feedbackScreens } from './feedback.ts';
import { fenceMenu, fenceScreens } from './fences.ts';
import { homeScreens } from './home.ts';
import { leaseContractMenu, leaseContractScreens, leaseHandoverMenu, leaseHandoverScreens } from './lease.ts';
import { leasePartyMenu, leasePartyScreens } from './lease-parties.ts';
import { leaseChangeMenu, leaseChangeScreens } from './lease-changes.ts';
import { leaseSubleaseMenu, leaseSubleaseScreens } from './lease-sublease.ts';
import { leaseBillingMenu, leaseBillingScreens } from './lease-billing.ts';
import { depositMenu, depositScreens } from './deposits.ts';
import { payableMenu, payableScreens } from './payables.ts';
import { termsMenu, termsScreens } from './terms.ts';
import { chargeMenu, chargeScreens } from './charges.ts';
import { leaseRevenueMenu, leaseRevenueScreens } from './lease-revenue.ts';
import { renewalMenu, renewalScreens } from './renewals.ts';
import { approvalMenu, approvalScreens } from './approvals.ts';
import { productMenu, productScreens } from './products.ts';
import { couponMenu, couponScreens } from './coupons.ts';
import { invoiceMenu, invoiceScreens } from './invoices.ts';
import { financeTaskMenu, financeTaskScreens } from './finance-tasks.ts';
import { shopOrderMenu, shopOrderScreens } from './shop-orders.ts';
import { expenseLedgerMenu, expenseLedgerScreens } from './expense-ledger.ts';
import { peripheralMenu, peripheralScreens } from './peripherals.ts';
import { riskMenu, riskScreens } from './risk.ts';
import { processMenu, processScreens } from './processes.ts';
import { placeScreens, type MenuEntry, type Screen } from './screen.ts';
import { settingMenu, settingScreens } from './settings.ts';
import { shellScreens } from './shell.ts';
import { trackMenu, trackScreens } from './tracks.ts';
import { upkeepMenu, upkeepScreens } from './upkeep.ts';
import { warningMenu, warningScreens } from './warning.ts';
import { workOrderMenu, workOrderScreens } from './work-orders.ts';

/**
 * Every area's screens, by area: the console's router and access rules read this. An area adds its
 * `contract/screens/<area>.ts` here once; its screens are then declared in that file alone.
 */
export const screensByArea = {
  shell: shellScreens,
  auth: authScreens,
  home: homeScreens,
  'lease-contracts': leaseContractScreens,
  'lease-parties': leasePartyScreens,
  'lease-sublease': leaseSubleaseScreens,
  'lease-billing': leaseBillingScreens,
  deposits: depositScreens,
  payables: payableScreens,
  terms: termsScreens,
  charges: chargeScreens,
  'lease-revenue': leaseRevenueScreens,
  renewals: renewalScreens,
  approvals: approvalScreens,
  products: productScreens,
  coupons: couponScreens,
  invoices: invoiceScreens,
  'finance-tasks': financeTaskScreens,
  'shop-orders': shopOrderScreens,
  'expense-ledger': expenseLedgerScreens,
  'lease-handover': leaseHandoverScreens,
  'lease-changes': leaseChangeScreens,
  dashboard: dashboardScreens,
  analysis: analysisScreens,
  devices: deviceScreens,
  'device-detail': deviceDetailScreens,
  tracks: trackScreens,
  peripherals: peripheralScreens,
  fences: fenceScreens,
  warning: warningScreens,
  'work-orders': workOrderScreens,
  faults: faultScreens,
  upkeep: upkeepScreens,
  feedback: feedbackScreens,
  cases: caseScreens,
  risk: riskScreens,
  employees: employeeScreens,
  customers: customerScreens,
  lessors: lessorScreens,
  'drop-requests': dropRequestScreens,
  themes: themeScreens,
  banners: bannerScreens,
  monitor: monitorScreens,
  quality: qualityScreens,
  activities: activityScreens,
  'app-releases': appReleaseScreens,
  processes: processScreens,
  settings: settingScreens,
  'api-keys': apiKeyScreens,
  quotes: quoteScreens,
  availability: availabilityScreens,
  notifications: notificationScreens,
} satisfies Record<string, Record<string, Screen>>;

export type ScreenArea = keyof typeof screensByArea;

export const allScreens: Screen[] = Object.values(screensByArea).flatMap((area) => Object.values(area));

/**
 * Every area's sidebar entries (the server builds each role's menu tree from these). A function, so the
 * console, which never calls it, bundles neither the entries nor the role lists they name.
 */
export function allMenuEntries(): MenuEntry[] {
  return [
    ...placeScreens(dashboardScreens, dashboardMenu),
    ...placeScreens(analysisScreens, analysisMenu),
    ...placeScreens(deviceScreens, deviceMenu),
    ...placeScreens(trackScreens, trackMenu),
    ...placeScreens(peripheralScreens, peripheralMenu),
    ...placeScreens(fenceScreens, fenceMenu),
    ...placeScreens(warningScreens, warningMenu),
    ...placeScreens(workOrderScreens, workOrderMenu),
    ...placeScreens(leaseContractScreens, leaseContractMenu),
    ...placeScreens(leasePartyScreens, leasePartyMenu),
    ...placeScreens(leaseSubleaseScreens, leaseSubleaseMenu),
    ...placeScreens(leaseBillingScreens, leaseBillingMenu),
    ...placeScreens(depositScreens, depositMenu),
    ...placeScreens(payableScreens, payableMenu),
    ...placeScreens(termsScreens, termsMenu),
    ...placeScreens(chargeScreens, chargeMenu),
    ...placeScreens(leaseRevenueScreens, leaseRevenueMenu),
    ...placeScreens(renewalScreens, renewalMenu),
    ...placeScreens(productScreens, productMenu),
    ...placeScreens(couponScreens, couponMenu),
    ...placeScreens(invoiceScreens, invoiceMenu),
    ...placeScreens(financeTaskScreens, financeTaskMenu),
    ...placeScreens(shopOrderScreens, shopOrderMenu),
    ...placeScreens(expenseLedgerScreens, expenseLedgerMenu),
    ...placeScreens(leaseHandoverScreens, leaseHandoverMenu),
    ...placeScreens(leaseChangeScreens, leaseChangeMenu),
    ...placeScreens(faultScreens, faultMenu),
    ...placeScreens(customerScreens, customerMenu),
    ...placeScreens(lessorScreens, lessorMenu),
    ...placeScreens(dropRequestScreens, dropRequestMenu),
    ...placeScreens(upkeepScreens, upkeepMenu),
    ...placeScreens(feedbackScreens, feedbackMenu),
    ...placeScreens(approvalScreens, approvalMenu),
    ...placeScreens(caseScreens, caseMenu),
    ...placeScreens(activityScreens, activityMenu),
    ...placeScreens(riskScreens, riskMenu),
    ...placeScreens(employeeScreens, employeeMenu),
    ...placeScreens(qualityScreens, qualityMenu),
    ...placeScreens(themeScreens, themeMenu),
    ...placeScreens(bannerScreens, bannerMenu),
    ...placeScreens(monitorScreens, monitorMenu),
    ...placeScreens(appReleaseScreens, appReleaseMenu),
    ...placeScreens(processScreens, processMenu),
    ...placeScreens(settingScreens, settingMenu),
    ...placeScreens(apiKeyScreens, apiKeyMenu),
    ...placeScreens(quoteScreens, quoteMenu),
    ...placeScreens(availabilityScreens, availabilityMenu),
    ...placeScreens(notificationScreens, notificationMenu),
  ];
}
