import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { employeeEndpoints, type Employee } from '@console/contract/http/employees';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** Not silent: a refusal (one's own account, another organisation) is toasted. */
const useSetDisabled = () =>
  useEndpointMutation(employeeEndpoints.setDisabled, { invalidates: [employeeEndpoints.list] });

/** Disable (every session of the account ends) or enable one employee; not oneself. */
export function EmployeeStatusButton({ employee }: { employee: Employee }) {
  const { t } = useTranslation('employees');
  const { message } = App.useApp();
  const setDisabled = useSetDisabled();
  const disabling = !employee.disabled;
  const name = employee.name || employee.mobile;
  return (
    <ConfirmButton
      type="link"
      danger={disabling}
      disabled={employee.isSelf}
      title={disabling ? t('status.disableConfirm', { name }) : t('status.enableConfirm', { name })}
      description={disabling ? t('status.disableHint') : undefined}
      onConfirm={async () => {
        await setDisabled.mutateAsync({ body: { uids: [employee.uid], disabled: disabling } });
        void message.success(disabling ? t('status.disabled') : t('status.enabled'));
      }}
    >
      {disabling ? t('status.disable') : t('status.enable')}
    </ConfirmButton>
  );
}

/** The same for the selected rows. */
export function BatchStatusButtons({ employees, onDone }: { employees: Employee[]; onDone: () => void }) {
  const { t } = useTranslation('employees');
  const { message } = App.useApp();
  const setDisabled = useSetDisabled();
  const run = async (disabled: boolean) => {
    await setDisabled.mutateAsync({ body: { uids: employees.map((e) => e.uid), disabled } });
    void message.success(disabled ? t('status.disabled') : t('status.enabled'));
    onDone();
  };
  return (
    <>
      <ConfirmButton
        danger
        title={t('status.batchDisableConfirm', { count: employees.length })}
        description={t('status.disableHint')}
        onConfirm={() => run(true)}
      >
        {t('status.batchDisable')}
      </ConfirmButton>
      <ConfirmButton title={t('status.batchEnableConfirm', { count: employees.length })} onConfirm={() => run(false)}>
        {t('status.batchEnable')}
      </ConfirmButton>
    </>
  );
}
