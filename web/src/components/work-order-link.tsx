import { App, type ButtonProps } from 'antd';
import { Link } from 'react-router';
import { ConfirmButton } from './confirm-button.tsx';
import { href } from '@console/contract/screens/screen';
import { workOrderScreens } from '@console/contract/screens/work-orders';

/** A link to a work order, `-` for none. */
export function WorkOrderLink({ id }: { id: number | null | undefined }) {
  return id ? <Link to={href(workOrderScreens.detail, { id })}>#{id}</Link> : <>-</>;
}

/**
 * "Raise a work order" in one step from a record (a fault, a reminder, feedback): asks first, raises (a write of
 * the record's area, which refreshes what it changes) and says which work order it raised.
 */
export function RaiseWorkOrderButton({
  raise,
  confirm,
  done,
  children,
  ...button
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  raise: () => Promise<{ workOrderId: number }>;
  confirm: string;
  done: (workOrderId: number) => string;
  children: React.ReactNode;
}) {
  const { message } = App.useApp();
  return (
    <ConfirmButton
      {...button}
      title={confirm}
      onConfirm={async () => {
        const { workOrderId } = await raise();
        void message.success(done(workOrderId));
      }}
    >
      {children}
    </ConfirmButton>
  );
}
