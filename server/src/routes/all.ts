import type { Endpoint } from '@console/contract/http/endpoint';
import { liveEndpoints } from '@console/contract/http/live';
import type { RouteDef } from '../lib/route.ts';
import { alarmRuleRoutes } from './alarm-rules.ts';
import { analysisRoutes } from './analysis/index.ts';
import { authRoutes } from './auth.ts';
import { brandRoutes } from './brand.ts';
import { appReleaseRoutes } from './app-releases/index.ts';
import { bannerRoutes } from './banners/index.ts';
import { apiKeyRoutes } from './api-keys/index.ts';
import { quoteRoutes } from './quotes/index.ts';
import { availabilityRoutes } from './availability/index.ts';
import { notificationRoutes } from './notifications/index.ts';
import { lessorRoutes } from './lessors/index.ts';
import { dropRequestRoutes } from './drop-requests/index.ts';
import { themeRoutes } from './themes/index.ts';
import { processRoutes } from './processes/index.ts';
import { monitorRoutes } from './monitor/index.ts';
import { caseRoutes } from './cases/index.ts';
import { commandRoutes } from './commands.ts';
import { deviceDetailRoutes } from './device-detail/index.ts';
import { deviceModelRoutes } from './device-models.ts';
import { deviceRecordRoutes } from './device-records/index.ts';
import { deviceOverviewRoutes } from './device-overview.ts';
import { deviceRoutes } from './devices.ts';
import { customerAreaRoutes } from './customers/index.ts';
import { dashboardRoutes } from './dashboard.ts';
import { employeeRoutes } from './employees.ts';
import { invitationRoutes } from './employees-invitations.ts';
import { unbindingRoutes } from './employees-unbinding.ts';
import { faultRoutes } from './faults/index.ts';
import { feedbackRoutes } from './feedback/index.ts';
import { fenceRoutes } from './fences.ts';
import { fleetManifestRoutes } from './fleet-manifest.ts';
import { ingestRoutes } from './ingest.ts';
import { retentionRoutes } from './retention/index.ts';
import { leaseContractRoutes } from './lease-contracts/index.ts';
import { leasePartyRoutes } from './lease-parties/index.ts';
import { leaseSubleaseRoutes } from './lease-sublease/index.ts';
import { leaseBillingRoutes, onlinePayRoutes } from './lease-billing/index.ts';
import { chargeRoutes } from './charges/index.ts';
import { handoverNoteRoutes } from './handover-notes/index.ts';
import { depositRoutes } from './deposits/index.ts';
import { payableRoutes } from './payables/index.ts';
import { termsRoutes } from './terms/index.ts';
import { renewalRoutes } from './renewals/index.ts';
import { approvalRoutes } from './approvals/index.ts';
import { productAreaRoutes } from './products/index.ts';
import { couponRoutes } from './coupons/index.ts';
import { invoiceRoutes } from './invoices/index.ts';
import { financeTaskRoutes } from './finance-tasks.ts';
import { shopOrderRoutes } from './shop-orders/index.ts';
import { leaseRevenueRoutes } from './lease-revenue/index.ts';
import { leaseHandoverRoutes } from './lease-handover/index.ts';
import { leaseChangeRoutes } from './lease-changes/index.ts';
import { peripheralRoutes } from './peripherals/index.ts';
import { riskRoutes } from './risk/index.ts';
import { screenRoutes } from './screens.ts';
import { settingsRoutes } from './settings.ts';
import { simCardRoutes } from './sim-cards.ts';
import { trackRoutes } from './tracks.ts';
import { uploadRoutes } from './uploads.ts';
import { upkeepRoutes } from './upkeep/index.ts';
import { userRoutes } from './users.ts';
import { technicianRoutes } from './technicians.ts';
import { warningRoutes } from './warning.ts';
import { workOrderRoutes } from './work-orders/index.ts';
import { qualityRoutes } from './quality/index.ts';
import { activityRoutes } from './activities/index.ts';

/** Every area's routes. An area adds its module here; OpenAPI and the fuzz tests read this list. */
export const allRoutes: RouteDef[] = [
  ...authRoutes,
  ...brandRoutes,
  ...warningRoutes,
  ...alarmRuleRoutes,
  ...settingsRoutes,
  ...employeeRoutes,
  ...lessorRoutes,
  ...dropRequestRoutes,
  ...themeRoutes,
  ...invitationRoutes,
  ...unbindingRoutes,
  ...uploadRoutes,
  ...deviceRoutes,
  ...deviceModelRoutes,
  ...deviceDetailRoutes,
  ...deviceRecordRoutes,
  ...simCardRoutes,
  ...peripheralRoutes,
  ...fenceRoutes,
  ...deviceOverviewRoutes,
  ...trackRoutes,
  ...dashboardRoutes,
  ...screenRoutes,
  ...fleetManifestRoutes,
  ...commandRoutes,
  ...riskRoutes,
  ...caseRoutes,
  ...faultRoutes,
  ...upkeepRoutes,
  ...feedbackRoutes,
  ...workOrderRoutes,
  ...technicianRoutes,
  ...ingestRoutes,
  ...retentionRoutes,
  ...leaseContractRoutes,
  ...leasePartyRoutes,
  ...leaseSubleaseRoutes,
  ...analysisRoutes,
  ...leaseBillingRoutes,
  ...onlinePayRoutes,
  ...chargeRoutes,
  ...handoverNoteRoutes,
  ...depositRoutes,
  ...payableRoutes,
  ...termsRoutes,
  ...leaseRevenueRoutes,
  ...leaseHandoverRoutes,
  ...productAreaRoutes,
  ...couponRoutes,
  ...invoiceRoutes,
  ...financeTaskRoutes,
  ...customerAreaRoutes,
  ...userRoutes,
  ...leaseChangeRoutes,
  ...renewalRoutes,
  ...approvalRoutes,
  ...bannerRoutes,
  ...apiKeyRoutes,
  ...quoteRoutes,
  ...availabilityRoutes,
  ...notificationRoutes,
  ...monitorRoutes,
  ...appReleaseRoutes,
  ...processRoutes,
  ...shopOrderRoutes,
  ...qualityRoutes,
  ...activityRoutes,
];

/** Endpoints that answer a stream rather than an envelope, served outside route() (server/src/live). */
export const streamEndpoints: Endpoint[] = [liveEndpoints.events];
