import { DEVICE_EDITORS, DEVICE_READERS } from './devices.ts';

/** Who may do what in this area: the role sets its endpoints and screens check (`contract/http/fences.ts`). */

/**
 * Electronic fences (spec sections 3 and 5): a shape on the map, monitoring dates and a daily alarm window;
 * machines bound to a fence raise enter and exit alarms (server/src/ingest/fence-rules.ts). Everyone who reads
 * machines reads the fences of their organisations and those holding their machines; the editors of the
 * organisations that own machines keep them (docs/decisions/011).
 */
export const FENCE_READERS = DEVICE_READERS;
export const FENCE_EDITORS = DEVICE_EDITORS;
