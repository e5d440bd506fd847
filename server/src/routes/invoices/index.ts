import type { RouteDef } from '../../lib/route.ts';
import { invoiceIssueRoutes } from './issue.ts';
import { invoiceListRoutes } from './list.ts';
import { invoiceRequestRoutes } from './requests.ts';

/** Invoices (docs/decisions/051-invoices-and-finance-tasks.md). */
export const invoiceRoutes: RouteDef[] = [...invoiceListRoutes, ...invoiceRequestRoutes, ...invoiceIssueRoutes];

/** A receipt's void asks whether an issued invoice covers the bills it paid (server/src/billing/receipts.ts). */
