import { termsEndpoints } from '@console/contract/http/terms';
import { readsOf } from '../../lib/endpoint-query.ts';

/** A terms move changes the versions and what each contract would carry. */
export const TERMS_READS = readsOf(termsEndpoints);
