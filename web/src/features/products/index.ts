export { useLeasePriceDefault } from './api.ts';
