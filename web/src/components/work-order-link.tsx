import { App, type ButtonProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ConfirmButton } from './confirm-button.tsx';

/** Where one work order is shown (the tickets area). */
export const workOrderUrl = (id: number) => `/warning/ticketDetail?id=${id}`;

/** A link to a work order, `-` for none. */
export function WorkOrderLink({ id }: { id: number | null | undefined }) {
  return id ? <Link to={workOrderUrl(id)}>#{id}</Link> : <>-</>;
}

/**
 * "Raise a work order" in one step from a record (a fault, a reminder, feedback): asks first, then refreshes
 * `refresh` (the area's query key) and says which work order it raised.
 */
export function RaiseWorkOrderButton({
  raise,
  confirm,
  done,
  refresh,
  children,
  ...button
}: Omit<ButtonProps, 'onClick' | 'title'> & {
  raise: () => Promise<{ workOrderId: number }>;
  confirm: string;
  done: (workOrderId: number) => string;
  refresh: readonly unknown[];
  children: React.ReactNode;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <ConfirmButton
      {...button}
      title={confirm}
      onConfirm={async () => {
        const { workOrderId } = await raise();
        void message.success(done(workOrderId));
        await queryClient.invalidateQueries({ queryKey: refresh });
      }}
    >
      {children}
    </ConfirmButton>
  );
}
