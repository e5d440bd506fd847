/** The machine's page (device management's detail). */
export const machineHref = (deviceId: number) => `/deviceManagement/detail?id=${deviceId}`;

/** The work-order page opens its create dialog filled from the alarm. */
export const workOrderHref = (alarmId: number) => `/warning/ticket?fromAlarm=${alarmId}`;

/** Fault handling opens its form for a fault alarm (one fault record per alarm). */
export const faultRecordHref = (alarmId: number) => `/warning/fault?alarmId=${alarmId}`;
