import { InputNumber } from 'antd';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { CAMERA_POSITION, MACHINE_LINK, type CameraRow } from '@console/contract/http/monitor';
import { MAX_VIDEO_CHANNEL } from '@console/contract/video/video-protocol';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { DevicePicker } from '../../components/device-picker.tsx';
import { defineFields } from '../../components/fields.tsx';

/** A camera bound to a machine (labels in the `monitor` catalog). */
export const useCameraFields = defineFields<CameraRow>()('monitor', {
  serialNumber: {
    label: 'serialNumber',
    sortable: true,
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
  },
  hostName: { label: 'hostName' },
  machineKind: { label: 'machineKind', kind: 'code', table: MACHINE_KIND, filter: { width: 170 } },
  ownerName: { label: 'owner', defaultHidden: true },
  link: { label: 'link', kind: 'code', table: MACHINE_LINK },
  deviceId: { label: 'machine', form: { input: () => <DevicePicker editableOnly /> } },
  channel: {
    label: 'channel',
    kind: 'number',
    sortable: true,
    form: { input: () => <InputNumber<number> min={1} max={MAX_VIDEO_CHANNEL} precision={0} /> },
  },
  name: { label: 'cameraName', form: { maxLength: 30, extra: 'nameExtra' } },
  position: { label: 'position', kind: 'code', table: CAMERA_POSITION, filter: { width: 140 }, form: true },
  remark: { label: 'remark', kind: 'long', form: { rows: 2 } },
  updatedAt: { label: 'updatedAt', kind: 'moment', sortable: true },
  keyword: { label: 'keyword', filter: { placeholder: 'keywordPlaceholder', maxLength: 40 } },
});
