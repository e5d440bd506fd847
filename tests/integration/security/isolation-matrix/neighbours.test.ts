import { walkPairs } from '../../../fixtures/isolation-walk.ts';

// Customers, distributors and sub-lessors against their neighbours: the isolation matrix of tests/fixtures/isolation-walk.ts.
walkPairs('neighbours');
