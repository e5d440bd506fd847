import { z } from 'zod';
import { defineEndpoint, noInput } from './endpoint.ts';

/** An alarm as the shell's bell lists it (spec: wid, nid, pname, zoneName, alarmType, alarmInfo, alarmTime). */
export const alarmEntry = z.object({
  wid: z.number().int(),
  nid: z.number().int(),
  pname: z.string(),
  zoneName: z.string(),
  alarmType: z.string(),
  alarmInfo: z.string(),
  alarmTime: z.string(),
});
export type AlarmEntry = z.infer<typeof alarmEntry>;

export const warningEndpoints = {
  bell: defineEndpoint({
    method: 'GET',
    path: '/warning/bell.do',
    summary: "The shell's alarm bell: count of open unhandled alarms in the user's scope and the latest of them",
    access: 'signedIn',
    query: noInput,
    body: noInput,
    response: z.object({ count: z.number().int(), list: z.array(alarmEntry) }),
  }),
} as const;
