import { eachEndpoint } from '../../fixtures/every-endpoint.ts';

// Part 2 of the endpoints' role walk and fuzzing (tests/fixtures/every-endpoint.ts): the parts run side by side.
eachEndpoint(2);
