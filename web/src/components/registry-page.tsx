import { useRef, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { App, Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { BodyOf, Endpoint } from '@console/contract/http/endpoint';
import { readsOf, useEndpointMutation } from '../lib/endpoint-query.ts';
import type { Resources } from '../locales/resources.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { FormDialog } from './form-dialog.tsx';
import { ListPage, type ListColumn, type ListFilter, type RowOf } from './list-page.tsx';

/**
 * A registry: a ListPage of records that editors create, edit and delete in a FormDialog (SIM cards, device types,
 * virtual hosts, controllers ...). The page adds the "new" button for `canCreate`, and the edit and delete actions
 * on every row the server marks `editable`. The submits are writes (useEndpointMutation) that invalidate the list's
 * endpoint and whatever else they change.
 *
 *   <RegistryPage
 *     area="devices" resource="simCards" endpoint={simCardEndpoints.list} rowKey="id"
 *     title={t('sims.title')} exportName={t('sims.exportName')} filters={...} columns={...}
 *     canCreate={editor} addLabel={t('sims.add')}
 *     form={{
 *       fields: (card) => <SimCardFields card={card} />,
 *       create: { title: t('sims.addTitle'), schema: simCardEndpoints.create.body, submit: createSimCard },
 *       update: { title: (card) => t('sims.editTitle', card), schema: simCardEndpoints.update.body,
 *                 submit: updateSimCard, initialValues: (card) => card },
 *     }}
 *     remove={{ confirm: (card) => t('sims.deleteConfirm', card), submit: (card) => deleteSimCard(card.id), done: t('sims.deleted') }}
 *   />
 */
type AnySchema = z.ZodType<unknown, unknown>;

export interface RegistryForm<Row, C extends AnySchema, U extends AnySchema> {
  /** The dialog's fields, given the record being edited (none when creating). */
  fields: (row?: Row) => ReactNode;
  create: {
    title: string;
    schema: C;
    submit: (body: z.output<C>) => Promise<unknown>;
    initialValues?: Partial<z.input<C>>;
    /** What the success message says when saving did more than save (a text sent), given what was submitted. */
    done?: (body: z.output<C>) => string;
  };
  update: {
    title: (row: Row) => string;
    schema: U;
    submit: (body: z.output<U>) => Promise<unknown>;
    initialValues: (row: Row) => Partial<z.input<U>>;
  };
  width?: number;
}

export interface RegistryRemove<Row> {
  confirm: (row: Row) => string;
  /** The delete call (not silent: a refusal is toasted). */
  submit: (row: Row) => Promise<unknown>;
  /** The success message. */
  done: string;
}

type Trigger = ReactElement<{ onClick?: (event: MouseEvent) => void }>;

/** The create (no `row`) or edit dialog of a registry record, opened by `trigger`. Submits must be silent. */
export function RegistryDialog<Row, C extends AnySchema, U extends AnySchema>({
  form,
  row,
  trigger,
  onSaved,
}: {
  form: RegistryForm<Row, C, U>;
  row?: Row;
  trigger: Trigger;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const submitted = useRef<z.output<C>>(undefined);
  const done = () => {
    const created = row === undefined && form.create.done && submitted.current;
    void message.success(created ? form.create.done!(submitted.current!) : t('saved'));
    onSaved?.();
  };
  return row === undefined ? (
    <FormDialog
      title={form.create.title}
      trigger={trigger}
      width={form.width}
      schema={form.create.schema}
      initialValues={form.create.initialValues}
      onSubmit={(body) => {
        submitted.current = body;
        return form.create.submit(body);
      }}
      onSuccess={done}
    >
      {form.fields()}
    </FormDialog>
  ) : (
    <FormDialog
      title={form.update.title(row)}
      trigger={trigger}
      width={form.width}
      schema={form.update.schema}
      initialValues={form.update.initialValues(row)}
      onSubmit={form.update.submit}
      onSuccess={done}
    >
      {form.fields(row)}
    </FormDialog>
  );
}

/** A record's edit and delete buttons (the delete asks first), for registry tables. */
export function RegistryActions<Row, C extends AnySchema, U extends AnySchema>({
  row,
  form,
  remove,
  onChanged,
  extra,
}: {
  row: Row;
  form: RegistryForm<Row, C, U>;
  remove?: RegistryRemove<Row>;
  onChanged?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  return (
    <Space size={0}>
      {extra}
      <RegistryDialog form={form} row={row} trigger={<Button type="link">{t('edit')}</Button>} onSaved={onChanged} />
      {remove && (
        <ConfirmButton
          type="link"
          danger
          title={remove.confirm(row)}
          onConfirm={async () => {
            await remove.submit(row);
            void message.success(remove.done);
            onChanged?.();
          }}
        >
          {t('delete')}
        </ConfirmButton>
      )}
    </Space>
  );
}

interface RegistryPageProps<E extends Endpoint, C extends AnySchema, U extends AnySchema> {
  area: string;
  resource: string;
  endpoint: E;
  rowKey: string;
  title: ReactNode;
  exportName?: string;
  filters?: ListFilter[];
  columns: ListColumn<RowOf<E>>[];
  /** The user's role may create records (the server checks again); each row's `editable` decides the rest. */
  canCreate: boolean;
  addLabel: string;
  form: RegistryForm<RowOf<E>, C, U>;
  remove?: RegistryRemove<RowOf<E>>;
  /** More buttons beside "new" (import ...). */
  toolbar?: ReactNode;
  /** More buttons on a row, before edit and delete. */
  rowActions?: (row: RowOf<E>) => ReactNode;
  /** Actions on the selected rows (ListPage's), e.g. a batch delete. */
  batchActions?: (rows: RowOf<E>[], clear: () => void) => ReactNode;
  selectable?: (row: RowOf<E>) => boolean;
}

export function RegistryPage<E extends Endpoint, C extends AnySchema, U extends AnySchema>(
  props: RegistryPageProps<E, C, U>,
) {
  const { area, resource, form, remove, rowActions, canCreate } = props;
  const { t } = useTranslation('common');
  const editable = (row: RowOf<E>) => (row as { editable?: boolean }).editable === true;

  const columns: ListColumn<RowOf<E>>[] = [
    ...props.columns,
    {
      key: 'actions',
      title: t('actions'),
      noExport: true,
      render: (_, row) =>
        editable(row) ? (
          <RegistryActions row={row} form={form} remove={remove} extra={rowActions?.(row)} />
        ) : (
          rowActions?.(row)
        ),
    },
  ];

  return (
    <ListPage
      area={area}
      resource={resource}
      endpoint={props.endpoint}
      rowKey={props.rowKey}
      title={props.title}
      exportName={props.exportName}
      filters={props.filters}
      columns={columns}
      batchActions={props.batchActions}
      selectable={props.selectable}
      toolbar={
        (canCreate || props.toolbar) && (
          <Space wrap>
            {canCreate && (
              <RegistryDialog
                form={form}
                trigger={
                  <Button type="primary" icon={<PlusOutlined />}>
                    {props.addLabel}
                  </Button>
                }
              />
            )}
            {props.toolbar}
          </Space>
        )
      }
    />
  );
}

/** The endpoints of a registry declared by the contract's `recordEndpoints`. */
interface RecordEndpoints {
  list: Endpoint;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

/**
 * The "new", edit and delete of a registry whose endpoints are the contract's `recordEndpoints`, spread into
 * RegistryPage: `<RegistryPage ... {...useRecordWrites('banners', bannerEndpoints, { ... })} />`. The texts are the
 * area's `add`, `addTitle`, `editTitle`, `deleteConfirm` and `deleted`, the last three naming the record as
 * `{{title}}`, the record's `title`. Every write refreshes the area's reads.
 */
export function useRecordWrites<E extends RecordEndpoints & Record<string, Endpoint>>(
  area: keyof Resources,
  endpoints: E,
  decl: {
    fields: (row?: RowOf<E['list']>) => ReactNode;
    /** What a new record's form starts with. */
    initialValues?: Partial<BodyOf<E['create']>>;
    /** An edit's form, from the record as the list shows it (with its `id`). */
    edit: (row: RowOf<E['list']>) => Partial<BodyOf<E['update']>>;
    width?: number;
  },
) {
  const { t: translate } = useTranslation();
  const t = (key: string, options?: { title: string }) =>
    String(translate(`${area}:${key}` as never, options as never));
  const invalidates = readsOf(endpoints);
  const create = useEndpointMutation(endpoints.create, { invalidates, silent: true });
  const update = useEndpointMutation(endpoints.update, { invalidates, silent: true });
  const remove = useEndpointMutation(endpoints.remove, { invalidates });
  const title = (row: RowOf<E['list']>) => ({ title: (row as { title: string }).title });
  const id = (row: RowOf<E['list']>) => (row as { id: number }).id;
  return {
    addLabel: t('add'),
    form: {
      width: decl.width,
      fields: decl.fields,
      create: {
        title: t('addTitle'),
        schema: endpoints.create.body as E['create']['body'],
        submit: (body: BodyOf<E['create']>) => create.mutateAsync({ body }),
        initialValues: decl.initialValues,
      },
      update: {
        title: (row: RowOf<E['list']>) => t('editTitle', title(row)),
        schema: endpoints.update.body as E['update']['body'],
        submit: (body: BodyOf<E['update']>) => update.mutateAsync({ body }),
        initialValues: decl.edit,
      },
    },
    remove: {
      confirm: (row: RowOf<E['list']>) => t('deleteConfirm', title(row)),
      submit: (row: RowOf<E['list']>) => remove.mutateAsync({ body: { id: id(row) } as BodyOf<E['remove']> }),
      done: t('deleted'),
    },
  };
}
