import { walkPairs } from '../../../fixtures/isolation-walk.ts';

// A rental company's administrator and salesperson against another rental company: the isolation matrix of tests/fixtures/isolation-walk.ts.
walkPairs('lessor managers');
