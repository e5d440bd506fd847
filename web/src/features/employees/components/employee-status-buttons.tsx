import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@console/contract/http/employees';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { refreshEmployees, setEmployeesDisabled } from '../api/employees.ts';

/** Disable (every session of the account ends) or enable one employee; not oneself. */
export function EmployeeStatusButton({ employee }: { employee: Employee }) {
  const { t } = useTranslation('employees');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
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
        await setEmployeesDisabled([employee.uid], disabling);
        void message.success(disabling ? t('status.disabled') : t('status.enabled'));
        await refreshEmployees(queryClient);
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
  const queryClient = useQueryClient();
  const run = async (disabled: boolean) => {
    await setEmployeesDisabled(
      employees.map((e) => e.uid),
      disabled,
    );
    void message.success(disabled ? t('status.disabled') : t('status.enabled'));
    onDone();
    await refreshEmployees(queryClient);
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
