import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { availabilityEndpoints as api, type HoldRef } from '@console/contract/http/availability';
import { leaseContractEndpoints } from '@console/contract/http/lease-contracts';
import { quoteEndpoints } from '@console/contract/http/quotes';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DayField } from '../../../components/picker-fields.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { readsOf, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { addDays, recordHref } from '../states.ts';

/**
 * Moving a quote's or a contract draft's days from the calendar (docs/decisions/072 addendum): a drag of its bar, or
 * this dialog from a click on it (or Enter), which also opens the record. The server moves the record's holds with
 * it or refuses, naming what holds the machine; the calendar reads again either way.
 */

/**
 * What the calendar moves: a record's hold (a quote's or a contract draft's), its days as they are. `machine` is the
 * calendar row it was taken from; null on the record's own page (no link to open it again).
 */
export interface MoveTarget {
  ref: HoldRef;
  machine: { id: number; serialNumber: string } | null;
}

const READS = [...readsOf(api), ...readsOf(quoteEndpoints), ...readsOf(leaseContractEndpoints)];

/** The reschedule move as the calendar calls it, with the calendar and the records' pages read again after. */
export function useReschedule() {
  const { t } = useTranslation('availability');
  const { message } = App.useApp();
  const mutation = useEndpointMutation(api.reschedule, { invalidates: READS });
  const silent = useEndpointMutation(api.reschedule, { invalidates: READS, silent: true });
  const done = (moved: { number: string; startOn: string; endOn: string }) =>
    void message.success(t('move.done', { number: moved.number, from: moved.startOn, to: moved.endOn }));
  return {
    /** A drop: the refusal is the usual toast (the server's words). */
    drop: async (ref: HoldRef, shift: number) => {
      if (shift === 0 || ref.to === null || (ref.kind !== 'quote' && ref.kind !== 'contract')) return;
      const moved = await mutation
        .mutateAsync({
          body: { kind: ref.kind, id: ref.id, startOn: addDays(ref.from, shift), endOn: addDays(ref.to, shift) },
        })
        .catch(() => null);
      if (moved) done(moved);
    },
    /** The dialog's submit: a refusal shows on its fields, or as the toast. */
    submit: (body: { kind: 'quote' | 'contract'; id: number; startOn: string; endOn: string }) =>
      silent.mutateAsync({ body }),
    done,
  };
}

/** The record a movable bar belongs to: open it, or move its days. */
export function MoveDatesDialog({ target, onClose }: { target: MoveTarget | null; onClose: () => void }) {
  const { t } = useTranslation('availability');
  const navigate = useNavigate();
  const reschedule = useReschedule();
  const ref = target?.ref;
  const record = ref ? t(`kinds.${ref.kind}`, { number: ref.number }) : '';
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      title={t('move.title', { record })}
      okText={t('move.submit')}
      schema={api.reschedule.body}
      initialValues={
        ref && (ref.kind === 'quote' || ref.kind === 'contract')
          ? { kind: ref.kind, id: ref.id, startOn: ref.from, endOn: ref.to ?? ref.from }
          : {}
      }
      onSubmit={reschedule.submit}
      onSuccess={(moved) => reschedule.done(moved)}
    >
      {target && ref && (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <Typography.Text type="secondary">
            {[ref.customer ? t('grid.customer', { customer: ref.customer }) : '', t('move.help')]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
          {target.machine && (
            <Button
              type="link"
              style={{ padding: 0 }}
              onClick={() => {
                onClose();
                if (target.machine) void navigate(recordHref(ref, target.machine));
              }}
            >
              {t('move.open', { record })}
            </Button>
          )}
        </Space>
      )}
      <Field name="startOn" label={t('move.startOn')}>
        <DayField />
      </Field>
      <Field name="endOn" label={t('move.endOn')}>
        <DayField />
      </Field>
    </FormDialog>
  );
}

/** The record whose days a detail page may move (the server says so: `movable` of its detail answer). */
export interface MovableRecord {
  kind: 'quote' | 'contract';
  id: number;
  number: string;
  customer: string;
  startOn: string;
  endOn: string;
}

/** "Move dates" on a quote's or a contract's own page: the calendar's dialog, without the link back to the record. */
export function MoveDatesButton({ record }: { record: MovableRecord }) {
  const { t } = useTranslation('availability');
  const [target, setTarget] = useState<MoveTarget | null>(null);
  const open = () =>
    setTarget({
      ref: {
        kind: record.kind,
        id: record.id,
        number: record.number,
        customer: record.customer,
        from: record.startOn,
        to: record.endOn,
        expectedOn: null,
        movable: true,
      },
      machine: null,
    });
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={open} data-testid="move-dates">
        {t('move.submit')}
      </Button>
      <MoveDatesDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
