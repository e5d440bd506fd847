import type { MouseEvent, ReactElement } from 'react';
import { Alert, App, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCK_LEVEL, LOCK_MODE, LOCK_TASK_TYPE } from '@console/contract/codes/lock';
import { commandEndpoints } from '@console/contract/http/commands';
import { riskEndpoints, type CreateTaskForm } from '@console/contract/http/risk';
import { numericCodeOptions, useCodeLabel } from '../code-label.ts';
import { FormDialog } from '../form-dialog.tsx';
import { Field } from '../schema-form.tsx';
import { ApiFailure } from '../../lib/api-client.ts';
import { readsOf, useEndpointMutation } from '../../lib/endpoint-query.ts';
import { MachineSelect } from './machine-select.tsx';
import { href } from '@console/contract/screens/screen';
import { riskScreens } from '@console/contract/screens/risk';

/** A scheduled time as the contract carries it: milliseconds since the epoch, picked in the user's zone. */
function TimeField({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
}) {
  return (
    <DatePicker
      id={id}
      showTime
      style={{ width: '100%' }}
      format="YYYY-MM-DD HH:mm:ss"
      value={value ? dayjs(value) : null}
      onChange={(time) => onChange?.(time ? time.valueOf() : undefined)}
    />
  );
}

/** The fields that depend on the action and the task type. */
function DependentFields() {
  const { t } = useTranslation('risk');
  const label = useCodeLabel();
  const form = Form.useFormInstance();
  const kind = Form.useWatch('kind', form) as CreateTaskForm['kind'] | undefined;
  const taskType = Form.useWatch('taskType', form) as number | undefined;
  return (
    <>
      {kind === 'lock' && (
        <Field name="level" label={t('tasks.level')}>
          <Select options={numericCodeOptions(label, LOCK_LEVEL, [1, 2, 3, 4])} />
        </Field>
      )}
      {taskType === 2 ? (
        <Field name="scheduledAt" label={t('form.scheduledAt')}>
          <TimeField />
        </Field>
      ) : (
        <Field name="delayHours" label={t('form.delayHours')} extra={t('form.delayHelp')}>
          <InputNumber min={0} max={720} step={0.1} style={{ width: '100%' }} />
        </Field>
      )}
    </>
  );
}

/**
 * The question the password answers, with what is about to happen named: the action, how many machines, the
 * level and when. The same words wherever a lock starts (the task list, the machine's risk tab).
 */
function ConfirmQuestion() {
  const { t } = useTranslation('risk');
  const label = useCodeLabel();
  const form = Form.useFormInstance();
  const kind = Form.useWatch('kind', form) as CreateTaskForm['kind'] | undefined;
  const level = Form.useWatch('level', form) as number | undefined;
  const mode = Form.useWatch('mode', form) as number | undefined;
  const deviceIds = (Form.useWatch('deviceIds', form) as number[] | undefined) ?? [];
  const count = deviceIds.length;
  const when = mode ? label(LOCK_MODE, mode) : '';
  const question =
    kind === 'unlock'
      ? t('form.questionUnlock', { count, mode: when })
      : level
        ? t('form.questionLock', { count, level: label(LOCK_LEVEL, level), mode: when })
        : t('form.questionNoLevel');
  return (
    <Alert type={kind === 'unlock' ? 'info' : 'warning'} showIcon message={question} style={{ marginBottom: 16 }} />
  );
}

/** Everything risk control shows (tasks, records, candidates): a new task refreshes it. */
export const RISK_READS = readsOf(riskEndpoints);

/**
 * The one way to lock or unlock, from the lock task list and from a machine's page alike: a lock task, with
 * the same question and the user's own password.
 *
 * A new lock or unlock task. A task that runs now for machines that are offline is answered by the server with
 * the spec's prompt (the lock applies when the machine comes online); the user continues or stays in the form.
 */
export function LockTaskDialog({
  trigger,
  open,
  onClose,
  deviceId,
  kind = 'lock',
  onCreated,
}: {
  trigger?: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  open?: boolean;
  onClose?: () => void;
  deviceId?: number;
  /** The action the dialog starts with. */
  kind?: CreateTaskForm['kind'];
  /** Stay where the dialog was opened (the machine's page) instead of going to the task. */
  onCreated?: (created: { id: number; waiting: number }) => void;
}) {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  // Silent: the dialog shows a refusal on its field, or asks about offline machines.
  const create = useEndpointMutation(riskEndpoints.createTask, {
    // The tasks, and the commands of the machine whose page opened the dialog.
    invalidates: [...RISK_READS, commandEndpoints.list],
    silent: true,
  });

  const submit = async (body: CreateTaskForm) => {
    try {
      return await create.mutateAsync({ body });
    } catch (error) {
      const away = (error as ApiFailure).data as { offline?: string[] } | null;
      if (!(error instanceof ApiFailure) || error.status !== '409' || !away?.offline) throw error;
      const go = await modal.confirm({
        title: t('form.offlineTitle'),
        content: error.message,
        okText: t('form.continue'),
        cancelText: t('common:cancel'),
      });
      if (!go) throw new ApiFailure('cancelled', t('common:cancelled'), null);
      return create.mutateAsync({ body: { ...body, confirmOffline: true } });
    }
  };

  return (
    <FormDialog
      title={t('form.title')}
      okText={t('form.submit')}
      trigger={trigger}
      open={open}
      onClose={onClose}
      width={640}
      schema={riskEndpoints.createTask.body}
      initialValues={{
        deviceIds: deviceId ? [deviceId] : [],
        kind,
        taskType: 1,
        mode: 1,
        delayHours: 0,
        ...(kind === 'lock' ? { level: 1 } : {}),
      }}
      onSubmit={submit}
      onSuccess={(created) => {
        void message.success(
          created.waiting > 0 ? t('form.queuedOffline', { count: created.waiting }) : t('form.created'),
        );
        if (onCreated) onCreated(created);
        else void navigate(href(riskScreens.task, { id: created.id }));
      }}
    >
      <Field name="deviceIds" label={t('form.machines')} extra={t('form.permissionHelp')}>
        <MachineSelect preselected={deviceId} />
      </Field>
      <Field name="kind" label={t('tasks.kind')}>
        <Radio.Group
          options={[
            { value: 'lock', label: t('kind.lock') },
            { value: 'unlock', label: t('kind.unlock') },
          ]}
        />
      </Field>
      <Field name="taskType" label={t('tasks.taskType')}>
        <Radio.Group options={numericCodeOptions(label, LOCK_TASK_TYPE)} />
      </Field>
      <Field name="mode" label={t('tasks.mode')}>
        <Select options={numericCodeOptions(label, LOCK_MODE)} />
      </Field>
      <DependentFields />
      <ConfirmQuestion />
      <Field name="password" label={t('form.password')} extra={t('form.passwordHelp')}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Field>
    </FormDialog>
  );
}
