import { useState } from 'react';
import { Button, Checkbox, Divider, Popover, Space } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Which columns of a list are shown, remembered per list in local storage.
 *
 *   const [hidden, setHidden] = useHiddenColumns('employees:list', columns);
 *   <ColumnSettings columns={columns} hidden={hidden} onChange={setHidden} />
 */
interface ColumnInfo {
  key: string;
  title: string;
  defaultHidden?: boolean;
}

const storageKey = (list: string) => `columns:${list}`;

export function useHiddenColumns(list: string, columns: readonly ColumnInfo[]) {
  const [hidden, setHiddenState] = useState<string[]>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(list)) ?? 'null') as unknown;
      if (Array.isArray(saved)) return saved.filter((k): k is string => typeof k === 'string');
    } catch {
      // A damaged entry falls back to the defaults.
    }
    return columns.filter((c) => c.defaultHidden).map((c) => c.key);
  });
  const setHidden = (keys: string[] | null) => {
    if (keys === null) {
      localStorage.removeItem(storageKey(list));
      setHiddenState(columns.filter((c) => c.defaultHidden).map((c) => c.key));
    } else {
      localStorage.setItem(storageKey(list), JSON.stringify(keys));
      setHiddenState(keys);
    }
  };
  return [hidden, setHidden] as const;
}

export function ColumnSettings({
  columns,
  hidden,
  onChange,
}: {
  columns: readonly ColumnInfo[];
  hidden: string[];
  /** null restores the defaults. */
  onChange: (hidden: string[] | null) => void;
}) {
  const { t } = useTranslation('components');
  const shown = columns.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  const content = (
    <div>
      <Checkbox.Group
        value={shown}
        onChange={(keys) => onChange(columns.map((c) => c.key).filter((k) => !keys.includes(k)))}
      >
        <Space orientation="vertical">
          {columns.map((c) => (
            <Checkbox key={c.key} value={c.key}>
              {c.title}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" type="link" onClick={() => onChange(null)}>
        {t('list.columnsReset')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} title={t('list.columns')} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={t('list.columns')} />
    </Popover>
  );
}
