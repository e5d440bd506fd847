/**
 * A contract line's days (decision 041): a line a change added holds from its effective day (`fromOn`), a line a
 * change removed or repriced holds until the day before (`untilOn`); a contract's own lines hold throughout.
 */
export interface LineDays {
  fromOn: string | null;
  untilOn: string | null;
}

/** Whether a machine may enter under this line on this day. */
export const lineInForce = (line: LineDays, day: string) =>
  (line.fromOn === null || day >= line.fromOn) && (line.untilOn === null || day <= line.untilOn);
