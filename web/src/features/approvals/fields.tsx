import { ROLE_CODE, ORG_KIND_CODE } from '@console/contract/codes/accounts';
import {
  APPROVAL_DAYS_CODE,
  APPROVAL_STATE,
  BIND_KIND,
  ID_TYPE,
  VERIFICATION_KIND,
} from '@console/contract/codes/approvals';
import type { BindRow, VerificationRow } from '@console/contract/http/approvals';
import { deviceDetailScreens } from '@console/contract/screens/device-detail';
import { href } from '@console/contract/screens/screen';
import { defineFields } from '../../components/fields.tsx';

/** The decision columns both queues share. */
const decision = {
  state: { label: 'field.state', kind: 'code', table: APPROVAL_STATE, filter: { width: 140 } },
  reason: { label: 'field.reason', ellipsis: true },
  decidedByName: { label: 'field.decidedBy' },
  decidedAt: { label: 'field.decidedAt', kind: 'moment' },
  createdAt: { label: 'field.createdAt', kind: 'moment', sortable: true },
  days: { label: 'field.days', kind: 'code', table: APPROVAL_DAYS_CODE, filter: { width: 150 } },
} as const;

/** A binding request (spec /approvalManagement/bind). */
export const useBindFields = defineFields<BindRow>()('approvals', {
  kind: { label: 'bind.kind', kind: 'code', table: BIND_KIND, filter: { width: 150 } },
  orgName: { label: 'bind.orgName' },
  orgKind: { label: 'bind.orgKind', kind: 'code', table: ORG_KIND_CODE, defaultHidden: true },
  requesterMobile: { label: 'bind.mobile' },
  requesterNickname: { label: 'bind.nickname' },
  requesterName: { label: 'bind.name' },
  requesterOrgName: { label: 'bind.requesterOrg' },
  serialNumber: {
    label: 'bind.serial',
    href: (row) => (row.deviceId ? href(deviceDetailScreens.detail, { id: row.deviceId }) : null),
  },
  note: { label: 'bind.note', ellipsis: true },
  roleId: { label: 'bind.role', kind: 'code', table: ROLE_CODE },
  ...decision,
  keyword: { label: 'field.keyword', filter: { placeholder: 'bind.keywordPlaceholder', maxLength: 50 } },
});

/** A verification under review or decided. */
export const useVerificationFields = defineFields<VerificationRow>()('approvals', {
  kind: { label: 'verification.kind', kind: 'code', table: VERIFICATION_KIND, filter: { width: 170 } },
  mobile: { label: 'verification.mobile' },
  orgName: { label: 'verification.orgName' },
  idType: { label: 'verification.idType', kind: 'code', table: ID_TYPE },
  name: { label: 'verification.name' },
  idNumber: { label: 'verification.idNumber' },
  creditCode: { label: 'verification.creditCode' },
  legalPerson: { label: 'verification.legalPerson', defaultHidden: true },
  ...decision,
  keyword: { label: 'field.keyword', filter: { placeholder: 'verification.keywordPlaceholder', maxLength: 50 } },
});
