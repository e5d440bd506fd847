import { Button, InputNumber, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Share {
  distributorId?: number;
  basisPoints?: number;
}

/**
 * The revenue-sharing plan: a distributor and its share of each sale per row (decision 049). The share is typed as
 * a percentage with two decimals and held in basis points, as the server takes it.
 */
export function SharesInput({
  value = [],
  onChange,
  distributors,
}: {
  value?: Share[];
  onChange?: (shares: Share[]) => void;
  distributors: { id: number; name: string }[];
}) {
  const { t } = useTranslation('products');
  const set = (index: number, change: Share) =>
    onChange?.(value.map((s, i) => (i === index ? { ...s, ...change } : s)));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {value.map((share, index) => (
        <Space key={index} align="baseline" data-testid="share-row">
          <Select
            style={{ width: 260 }}
            placeholder={t('share.distributor')}
            aria-label={t('share.distributor')}
            value={share.distributorId}
            showSearch={{ optionFilterProp: 'label' }}
            options={distributors.map((d) => ({ value: d.id, label: d.name }))}
            onChange={(distributorId: number) => set(index, { distributorId })}
          />
          <InputNumber<number>
            aria-label={t('share.percent')}
            min={0.01}
            max={100}
            precision={2}
            addonAfter="%"
            value={share.basisPoints === undefined ? null : share.basisPoints / 100}
            onChange={(percent) =>
              set(index, { basisPoints: percent === null ? undefined : Math.round(percent * 100) })
            }
          />
          <MinusCircleOutlined
            aria-label={t('share.remove')}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.([...value, {}])}>
        {t('share.add')}
      </Button>
    </Space>
  );
}
