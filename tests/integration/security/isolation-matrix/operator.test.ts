import { walkPairs } from '../../../fixtures/isolation-walk.ts';

// Each side against the operator's own records: the isolation matrix of tests/fixtures/isolation-walk.ts.
walkPairs('operator');
