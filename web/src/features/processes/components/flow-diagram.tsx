import { Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_CODE } from '@console/contract/codes/accounts';
import { APPROVAL_MODE, CONDITION_OP, type NodeStatus } from '@console/contract/codes/processes';
import type { FormFieldDecl, NodeDecl } from '@console/contract/http/processes';
import { useCodeLabel } from '../../../components/code-label.ts';
import { declaredText } from './declared-fields.tsx';

/** One node of the diagram: its declaration, and in a running process its status and the people asked. */
export interface DiagramNode {
  node: NodeDecl;
  status?: NodeStatus;
  assigneeNames?: string[];
}

const STEP_STATUS: Record<NodeStatus, 'wait' | 'process' | 'finish' | 'error'> = {
  passed: 'finish',
  current: 'process',
  pending: 'wait',
  skipped: 'wait',
  rejected: 'error',
  stopped: 'wait',
};

/** What a node asks, in words: who approves, how, and when it applies. */
export function useNodeSummary(fields: readonly FormFieldDecl[], people: readonly { id: number; name: string }[]) {
  const { t } = useTranslation('processes');
  const label = useCodeLabel();
  const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? `#${id}`;
  return (node: NodeDecl) => {
    const who =
      node.assigneeKind === 'role'
        ? t('summary.role', { role: label(ROLE_CODE, node.roleId) })
        : node.assigneeKind === 'user'
          ? t('summary.users', { names: node.userIds.map(nameOf).join(', ') })
          : t('summary.orgAdmin');
    const parts = [who, label(APPROVAL_MODE, node.mode)];
    const field = fields.find((f) => f.key === node.conditionField);
    if (field && node.conditionOp)
      parts.push(
        t('summary.when', {
          field: field.label,
          op: label(CONDITION_OP, node.conditionOp),
          value: declaredText(field, node.conditionValue),
        }),
      );
    if (node.ccUserIds.length) parts.push(t('summary.cc', { names: node.ccUserIds.map(nameOf).join(', ') }));
    return parts.join(' · ');
  };
}

/** The flow as a diagram: start, the approval nodes in order, end; a process's passed, current and pending nodes. */
export function FlowDiagram({
  nodes,
  fields,
  people,
  vertical,
}: {
  nodes: DiagramNode[];
  fields: readonly FormFieldDecl[];
  people: readonly { id: number; name: string }[];
  vertical?: boolean;
}) {
  const { t } = useTranslation('processes');
  const summary = useNodeSummary(fields, people);
  return (
    <Steps
      orientation={vertical ? 'vertical' : 'horizontal'}
      size="small"
      items={[
        { title: t('diagram.start'), status: 'finish' },
        ...nodes.map(({ node, status, assigneeNames }) => ({
          title: node.name || t('diagram.unnamed'),
          status: status ? STEP_STATUS[status] : ('wait' as const),
          subTitle: status ? t(`nodeStatus.${status}`) : undefined,
          content: (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {summary(node)}
              {assigneeNames?.length ? <div>{t('diagram.asked', { names: assigneeNames.join(', ') })}</div> : null}
            </Typography.Text>
          ),
        })),
        { title: t('diagram.end'), status: 'wait' },
      ]}
    />
  );
}
