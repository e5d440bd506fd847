import { ROLE } from '../codes/roles.ts';
import { ANALYSIS_READERS } from './analysis.ts';
import { REVENUE_READERS } from './lease-revenue.ts';
import { UPKEEP_READERS } from './upkeep.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/screens.ts`). */

/** Who may open a big screen: the data centre's readers and the data-screen viewer (role 4). */
export const BIG_SCREEN_VIEWERS = [...ANALYSIS_READERS, ROLE.screenViewer] as const;
/** Who sees the maintenance part of the survey: the readers of upkeep plans (decision 019) and the data screen. */
export const SURVEY_MAINTENANCE_READERS = [...UPKEEP_READERS, ROLE.screenViewer] as const;
/**
 * Who reads the lease big screen (/leaseBigScreen): the revenue analysis's readers (decision 040), the operator's
 * finance and the rental company's administrator and staff. Money is the rental company's business: the other
 * viewers of the big screens are refused and the page says whose screen it is.
 */
export const LEASE_SCREEN_VIEWERS = REVENUE_READERS;
