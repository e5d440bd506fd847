import type { MouseEvent, ReactElement } from 'react';
import { App, DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCK_LEVEL, LOCK_MODE, LOCK_TASK_TYPE } from '@console/contract/codes/lock';
import { riskEndpoints, type CreateTaskForm } from '@console/contract/http/risk';
import { numericCodeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { ApiFailure, callApi } from '../../../lib/api-client.ts';
import { riskKey } from '../api/risk.ts';
import { MachineSelect } from './machine-select.tsx';

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
 * A new lock or unlock task. A task that runs now for machines that are offline is answered by the server with
 * the spec's prompt (the lock applies when the machine comes online); the user continues or stays in the form.
 */
export function TaskDialog({
  trigger,
  open,
  onClose,
  deviceId,
}: {
  trigger?: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  open?: boolean;
  onClose?: () => void;
  deviceId?: number;
}) {
  const { t } = useTranslation(['risk', 'common']);
  const label = useCodeLabel();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const submit = async (body: CreateTaskForm) => {
    try {
      return await callApi(riskEndpoints.createTask, { body }, { silent: true });
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
      return callApi(riskEndpoints.createTask, { body: { ...body, confirmOffline: true } }, { silent: true });
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
      initialValues={{ deviceIds: deviceId ? [deviceId] : [], kind: 'lock', taskType: 1, mode: 1, delayHours: 0 }}
      onSubmit={submit}
      onSuccess={(created) => {
        void message.success(
          created.waiting > 0 ? t('form.queuedOffline', { count: created.waiting }) : t('form.created'),
        );
        void queryClient.invalidateQueries({ queryKey: riskKey });
        void navigate(`/riskManagement/task?id=${created.id}`);
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
      <Field name="password" label={t('form.password')} extra={t('form.passwordHelp')}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Field>
    </FormDialog>
  );
}
