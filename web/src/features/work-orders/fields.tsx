import { Input, Radio, Select, Tag, Typography } from 'antd';
import { MACHINE_KIND } from '@console/contract/codes/machine-kinds';
import { FAULT_TYPE, WORK_ORDER_SOURCE, WORK_ORDER_STATUS, WORK_ORDER_TYPE } from '@console/contract/codes/service';
import { WORK_ORDER_LEVELS } from '@console/contract/http/work-order-forms';
import type { TechnicianRow } from '@console/contract/http/technicians';
import type { WorkOrderRow } from '@console/contract/http/work-orders';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';
import { defineFields } from '../../components/fields.tsx';
import { DayField } from '../../components/picker-fields.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { YuanInput } from '../../components/yuan-input.tsx';

const LEVELS = [1, 2, 3, 4, 5];

/** A work order's fields in the order list (labels in the `work-orders` catalog). */
export const useWorkOrderFields = defineFields<WorkOrderRow>()('work-orders', {
  number: { label: 'fields.number', sortable: true, href: (row) => href(workOrderScreens.detail, { id: row.id }) },
  keyword: { label: 'fields.number', filter: { placeholder: 'list.keyword', maxLength: 40 } },
  title: {
    label: 'fields.title',
    cell: (row) => <Typography.Text ellipsis={{ tooltip: row.title }}>{row.title}</Typography.Text>,
    form: { maxLength: 100 },
  },
  status: { label: 'fields.status', kind: 'code', table: WORK_ORDER_STATUS, sortable: true, filter: { width: 140 } },
  source: { label: 'fields.source', kind: 'code', table: WORK_ORDER_SOURCE, filter: { width: 140 } },
  type: { label: 'fields.type', kind: 'code', table: WORK_ORDER_TYPE, filter: { width: 140 }, form: { numeric: true } },
  level: {
    label: 'fields.level',
    sortable: true,
    exportValue: (row) => row.level,
    cell: (row, { t }) => t('fields.levelValue', { level: row.level }),
    filter: {
      width: 100,
      options: ({ t }) => LEVELS.map((level) => ({ value: String(level), label: t('fields.levelValue', { level }) })),
    },
    form: {
      input: ({ t }) => (
        <Select
          options={WORK_ORDER_LEVELS.map((level) => ({ value: level, label: t('fields.levelValue', { level }) }))}
        />
      ),
    },
  },
  serialNumber: {
    label: 'fields.serialNumber',
    href: (row) => href(deviceDetailScreens.detail, { id: row.deviceId }),
    filter: { maxLength: 40 },
  },
  deviceKind: { label: 'fields.deviceKind', kind: 'code', table: MACHINE_KIND, filter: { width: 160 }, form: true },
  // The machine's picker shows the current one, which the dialog knows.
  deviceId: { label: 'fields.machine' },
  orgName: { label: 'fields.organisation' },
  // Its choices are the technicians the viewer may assign to (a query of the page's).
  // The assign dialog's choice is the technicians who can take the orders (its own input).
  assigneeId: {
    label: 'fields.assignee',
    filter: { width: 160, options: () => [] },
    form: { label: 'dialogs.technician' },
  },
  assigneeName: { label: 'fields.assignee' },
  phone: { label: 'fields.phone' },
  createdAt: { label: 'fields.createdAt', kind: 'moment', sortable: true },
  from: { label: 'fields.from', filter: { input: () => <DayField /> } },
  to: { label: 'fields.to', filter: { input: () => <DayField /> } },
  // What the dialogs edit, besides the list's fields (rules: contract/http/work-order-forms.ts).
  address: { label: 'fields.address', form: { maxLength: 200 } },
  content: { label: 'fields.content', form: { rows: 3, maxLength: 2000 } },
  attachments: { label: 'fields.attachments', form: { input: () => <UploadField kind="photo" max={10} /> } },
  remark: { label: 'fields.remark', form: { rows: 2, maxLength: 500 } },
  faultTypes: { label: 'fields.faultTypes', kind: 'codes', table: FAULT_TYPE, form: true },
  faultCause: { label: 'fields.faultCause', form: { rows: 2, maxLength: 500 } },
  partsUsed: { label: 'fields.partsUsed', form: { rows: 2, maxLength: 500 } },
  repairMethod: { label: 'fields.repairMethod', form: { rows: 2, maxLength: 500 } },
  amountCents: {
    label: 'fields.paymentAmount',
    form: { input: () => <YuanInput step={0.01} /> },
  },
  settled: {
    label: 'fields.settled',
    form: {
      input: ({ t }) => (
        <Radio.Group
          options={[
            { value: true, label: t('dialogs.yes') },
            { value: false, label: t('dialogs.no') },
          ]}
        />
      ),
    },
  },
});

/** The work-order list of one technician (open ones, or all). */
export const ordersOf = (id: number, open?: boolean) =>
  href(workOrderScreens.list, { assigneeId: id, open: open === undefined ? undefined : open ? 1 : 0 });

/** A technician with their region, skills and orders; the profile form's rules are saveProfile's. */
export const useTechnicianFields = defineFields<TechnicianRow>()('work-orders', {
  name: { label: 'technicians.name' },
  keyword: { label: 'technicians.name', filter: { placeholder: 'technicians.keyword', maxLength: 40 } },
  mobile: { label: 'technicians.mobile' },
  orgName: { label: 'technicians.organisation' },
  region: { label: 'technicians.region', form: { input: () => <Input maxLength={100} /> } },
  skills: {
    label: 'technicians.skills',
    exportValue: (row) => row.skills.join(' / '),
    cell: (row) => (row.skills.length > 0 ? row.skills.map((s) => <Tag key={s}>{s}</Tag>) : '-'),
    form: {
      extra: 'technicians.skillsHint',
      input: () => <Select mode="tags" open={false} tokenSeparators={[',', '，']} maxCount={10} />,
    },
  },
  open: { label: 'technicians.open', href: (row) => ordersOf(row.id, true) },
  finished: { label: 'technicians.finished', href: (row) => ordersOf(row.id, false) },
});
