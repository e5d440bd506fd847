import { eachEndpoint } from '../../fixtures/every-endpoint.ts';

// Part 1 of the endpoints' role walk and fuzzing (tests/fixtures/every-endpoint.ts): the parts run side by side.
eachEndpoint(1);
