import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type ReactNode,
} from 'react';
import { App, Button, Card, Empty, Flex, Form, Space, Table, Typography, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf, Endpoint, QueryOf } from '@console/contract/http/endpoint';
import { endpointQuery } from '../lib/endpoint-query.ts';
import { ColumnSettings, useHiddenColumns } from './column-settings.tsx';
import { LoadError, retryNetworkOnly } from './query-state.tsx';
import { downloadCsv, exportFileName, fetchAllPages, rowsToCsv } from './export-list.ts';
import { exportColumnsOf, tableColumnsOf, type ListColumn } from './list-columns.ts';
import { useHeldRows } from './held-rows.ts';
import { useListParams } from './use-list-params.ts';

/**
 * A server-side paginated list: filters bound to the URL query, paging and sorting on the server,
 * column settings, CSV export of the current filter (every page), row selection for batch actions, and
 * the loading / empty / error states. The endpoint takes pageQuery and answers paged(...) (contract/http/fields).
 * Its data is cached under the endpoint's key (endpointQuery): a write that names the endpoint in `invalidates`
 * refreshes it. `area` and `resource` name the list's stored column settings and its filter form.
 *
 *   <ListPage
 *     area="employees" resource="list" endpoint={employeeEndpoints.list} rowKey="uid" exportName="employees"
 *     filters={[{ name: 'phone', label: t('phone'), input: <Input allowClear /> }]}
 *     columns={[
 *       { key: 'name', title: t('name'), dataIndex: 'name' },
 *       { key: 'createdAt', title: t('createdAt'), dataIndex: 'createdAt', sorter: true },
 *       { key: 'actions', title: t('common:actions'), noExport: true, render: (_, row) => <RowActions row={row} /> },
 *     ]}
 *     toolbar={<CreateEmployeeDialog />}
 *     batchActions={(rows, clear) => <BatchDisable rows={rows} onDone={clear} />}
 *   />
 */
export type RowOf<E extends Endpoint> = DataOf<E> extends { list: (infer R)[] } ? R : never;

export { exportColumnsOf, tableColumnsOf, type ListColumn } from './list-columns.ts';

export interface ListFilter {
  name: string;
  label: string;
  /** The input. It holds text: the URL does (Select options from codeOptions are text too). */
  input: ReactNode;
}

interface ListPageProps<E extends Endpoint> {
  area: string;
  resource: string;
  endpoint: E;
  rowKey: string;
  columns: ListColumn<RowOf<E>>[];
  filters?: ListFilter[];
  title?: ReactNode;
  toolbar?: ReactNode;
  batchActions?: (rows: RowOf<E>[], clear: () => void) => ReactNode;
  /** Show the batch actions with nothing selected too (an action that explains it needs a selection). */
  batchActionsAlways?: boolean;
  /** Rows that may be selected for batch actions (default all). */
  selectable?: (row: RowOf<E>) => boolean;
  /** Shows the export button; the file is called `<exportName>-<time>.csv`. */
  exportName?: string;
  /** Query parameters that are not the user's to change (a parent record's id). */
  fixedQuery?: Record<string, string | number>;
  /**
   * A live list (refreshed by live events): while the user is in it, or `busy` (a drawer opened from it), its rows
   * keep their positions and new ones wait behind a bar that says how many (`newLabel`) or that the list changed.
   */
  holdNew?: { busy: boolean; newLabel: (count: number) => string; changedLabel: string };
}

const NO_ROWS: never[] = [];

/** Laid over the page (a portal outside the app's root, or fixed in place like the busy spinner), not part of it. */
function isOverlay(target: EventTarget | null): boolean {
  const root = document.getElementById('root');
  if (!(target instanceof Element) || !root?.contains(target)) return true;
  for (let el: Element | null = target; el && el !== root; el = el.parentElement) {
    if (getComputedStyle(el).position === 'fixed') return true;
  }
  return false;
}

export function ListPage<E extends Endpoint>(props: ListPageProps<E>) {
  type Row = RowOf<E>;
  const { area, resource, endpoint, rowKey, columns, filters = [], title, toolbar, batchActions, exportName } = props;
  const { t } = useTranslation(['components', 'common']);
  const { message } = App.useApp();
  const [filterForm] = Form.useForm();
  const { params, update } = useListParams();
  const [hidden, setHidden] = useHiddenColumns(`${area}:${resource}`, columns);
  const [selected, setSelected] = useState<Row[]>([]);
  const [exporting, setExporting] = useState<string | null>(null);
  const [inList, setInList] = useState(false);

  const query = { ...props.fixedQuery, ...params };
  const queryClient = useQueryClient();
  const list = useQuery({
    ...endpointQuery(endpoint, query as QueryOf<E>),
    placeholderData: keepPreviousData,
    retry: retryNetworkOnly,
  });
  const data = list.data as { list: Row[]; total: number; page: number; pageSize: number } | undefined;
  const holdNew = props.holdNew;
  const held = useHeldRows(
    data?.list ?? NO_ROWS,
    (row) => (row as Record<string, unknown>)[rowKey],
    list.isPlaceholderData || !data ? null : JSON.stringify(query),
    !!holdNew && (inList || holdNew.busy),
  );

  // The filter inputs follow the URL (back button, a link opened from elsewhere).
  const filterState = JSON.stringify(Object.fromEntries(filters.map((f) => [f.name, params[f.name] ?? null])));
  // Only a change of the URL does: a kept-alive page shown again keeps what the user typed and has not searched.
  const appliedFilters = useRef<string | null>(null);
  useEffect(() => {
    if (appliedFilters.current === filterState) return;
    appliedFilters.current = filterState;
    const values = JSON.parse(filterState) as Record<string, string | null>;
    filterForm.setFieldsValue(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? undefined])));
  }, [filterState, filterForm]);

  // Kept while the page's columns, the hidden ones and the sort are: the table below then draws its rows again only
  // when they change (a page whose columns stay the same across its renders, see ListTable).
  const { sortField, sortOrder } = params;
  const visible = useMemo(() => columns.filter((c) => !hidden.includes(c.key)), [columns, hidden]);
  const tableColumns: ColumnType<Row>[] = useMemo(
    () =>
      tableColumnsOf(visible).map((c) => ({
        // A row's actions stay in sight at the right edge however wide the list: nothing a user acts on is cut off.
        ...(c.key === 'actions' ? { fixed: 'right' as const } : {}),
        ...c,
        sortOrder: c.sorter && sortField === c.key ? (sortOrder as 'ascend' | 'descend') : null,
      })),
    [visible, sortField, sortOrder],
  );

  const onTableChange = (page: number, pageSize: number, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = sort?.order ? String(sort.columnKey) : undefined;
    const sortChanged = field !== params.sortField || (sort?.order ?? undefined) !== params.sortOrder;
    update({ page: sortChanged ? undefined : page, pageSize, sortField: field, sortOrder: sort?.order ?? undefined });
  };
  // The table is handed one function for all renders, which calls the page's latest (ListTable).
  const latestTableChange = useRef(onTableChange);
  useLayoutEffect(() => {
    latestTableChange.current = onTableChange;
  });
  const tableChange = useCallback<typeof onTableChange>(
    (page, pageSize, sorter) => latestTableChange.current(page, pageSize, sorter),
    [],
  );

  const runExport = async () => {
    setExporting('0');
    try {
      const rows = await fetchAllPages(
        (page, pageSize) =>
          queryClient.fetchQuery(
            endpointQuery(endpoint, { ...query, page, pageSize } as QueryOf<E>, { background: true }),
          ) as Promise<{ list: Row[]; total: number }>,
        (done, total) => setExporting(`${done}/${total}`),
      );
      downloadCsv(exportFileName(exportName ?? resource), rowsToCsv(exportColumnsOf(visible), rows));
      void message.success(t('components:list.exported', { count: rows.length }));
    } catch {
      // The API client has shown the failure.
    } finally {
      setExporting(null);
    }
  };

  const selectedKeys = useMemo(
    () => selected.map((row) => (row as Record<string, unknown>)[rowKey] as Key),
    [selected, rowKey],
  );
  const clearSelection = () => setSelected([]);

  if (list.isError && !data) {
    return (
      <Card title={title}>
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      </Card>
    );
  }

  return (
    <Card title={title}>
      {filters.length > 0 && (
        <Form
          form={filterForm}
          name={`${area}-${resource}-filters`}
          layout="inline"
          onFinish={(values: Record<string, string | undefined>) => update(values, true)}
          style={{ marginBottom: 16, rowGap: 12 }}
        >
          {filters.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              {f.input}
            </Form.Item>
          ))}
          <Space>
            <Button type="primary" htmlType="submit">
              {t('common:search')}
            </Button>
            <Button onClick={() => update(Object.fromEntries(filters.map((f) => [f.name, undefined])), true)}>
              {t('common:reset')}
            </Button>
          </Space>
        </Form>
      )}
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          {toolbar}
          {batchActions && (selected.length > 0 || props.batchActionsAlways) && (
            <>
              {selected.length > 0 && (
                <Typography.Text type="secondary">
                  {t('components:list.selected', { count: selected.length })}
                </Typography.Text>
              )}
              <Space>{batchActions(selected, clearSelection)}</Space>
            </>
          )}
        </Space>
        <Space>
          {exportName !== undefined && (
            <Button icon={<DownloadOutlined />} loading={exporting !== null} onClick={() => void runExport()}>
              {exporting === null ? t('common:export') : t('components:list.exporting', { progress: exporting })}
            </Button>
          )}
          <ColumnSettings columns={columns} hidden={hidden} onChange={setHidden} />
        </Space>
      </Flex>
      <div
        onPointerEnter={() => {
          if (inList) return;
          setInList(true);
          held.hold();
        }}
        // Something laid over the list (a drawer opened from it, a dialog, the busy spinner of an action) leaves the
        // user in the list, also after it closes, until the pointer moves to another part of the page.
        onPointerLeave={(e) => {
          if (!holdNew?.busy && !isOverlay(e.relatedTarget)) setInList(false);
        }}
        style={{ position: 'relative' }}
      >
        {holdNew && held.changed && (
          // Floats over the header: a bar pushing the rows down would move them under the cursor too.
          <Button
            type="primary"
            shape="round"
            size="small"
            onClick={held.release}
            style={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 3 }}
          >
            {held.newCount > 0 ? holdNew.newLabel(held.newCount) : holdNew.changedLabel}
          </Button>
        )}
        <ListTable<Row>
          rowKey={rowKey}
          columns={tableColumns}
          rows={held.rows}
          // A live list refreshes in the background: only a new page or filter shows the spinner (it covers the rows).
          loading={holdNew ? list.isPending || list.isPlaceholderData : list.isFetching}
          selectedKeys={batchActions ? selectedKeys : null}
          onSelect={setSelected}
          selectable={props.selectable}
          page={data?.page ?? 1}
          pageSize={data?.pageSize ?? 20}
          total={data?.total ?? 0}
          onChange={tableChange}
        />
      </div>
    </Card>
  );
}

/** The list's horizontal scroll: one object, so that it is the same on every render of the table. */
const SCROLL = { x: 'max-content' } as const;

interface ListTableProps<Row> {
  rowKey: string;
  columns: ColumnType<Row>[];
  rows: Row[];
  loading: boolean;
  /** The rows selected for batch actions; null: the list has none (no selection column). */
  selectedKeys: Key[] | null;
  onSelect: (rows: Row[]) => void;
  /** Rows that may be selected (default all). */
  selectable?: (row: Row) => boolean;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number, pageSize: number, sorter: SorterResult<Row> | SorterResult<Row>[]) => void;
}

/**
 * The list's table, drawn again only when what it shows changes. antd's Table draws every cell again on each of its
 * renders (20 rows of 20 columns, their tags and links: a few hundred components), and a list page renders for many
 * other reasons: its filters' choices arriving after the rows, a selection, the pointer entering the list. Its props
 * are values that stay the same across those renders (the page's columns, when the page keeps them, see
 * useDeviceColumns; its change handler, which calls the page's latest).
 */
const ListTable = memo(function ListTable<Row>({
  rowKey,
  columns,
  rows,
  loading,
  selectedKeys,
  onSelect,
  selectable,
  page,
  pageSize,
  total,
  onChange,
}: ListTableProps<Row>) {
  const { t } = useTranslation(['components', 'common']);
  const handleChange = useCallback<NonNullable<TableProps<Row>['onChange']>>(
    (pagination, _filters, sorter) => onChange(pagination.current ?? 1, pagination.pageSize ?? 20, sorter),
    [onChange],
  );
  const rowSelection = useMemo<TableProps<Row>['rowSelection']>(
    () =>
      selectedKeys
        ? {
            selectedRowKeys: selectedKeys,
            preserveSelectedRowKeys: true,
            onChange: (_keys, selectedRows) => onSelect(selectedRows.filter(Boolean)),
            getCheckboxProps: (row) => ({ disabled: selectable ? !selectable(row) : false }),
          }
        : undefined,
    [selectedKeys, onSelect, selectable],
  );
  const locale = useMemo(
    () => ({ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} /> }),
    [t],
  );
  const pagination = useMemo(
    () => ({
      current: page,
      pageSize,
      total,
      showSizeChanger: true,
      showTotal: (count: number) => t('components:list.total', { total: count }),
    }),
    [page, pageSize, total, t],
  );
  return (
    <Table<Row>
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={SCROLL}
      locale={locale}
      rowSelection={rowSelection}
      pagination={pagination}
      onChange={handleChange}
    />
  );
}) as <Row>(props: ListTableProps<Row>) => ReactNode;
