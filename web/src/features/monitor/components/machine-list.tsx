import { useState } from 'react';
import { Button, Empty, Flex, Input, Pagination, Select, Skeleton, Typography } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MACHINE_LINK, monitorEndpoints, type MachineLink } from '@console/contract/http/monitor';
import { codeOptions, useCodeLabel } from '../../../components/code-label.ts';
import { LoadError } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { endpointQuery } from '../../../lib/endpoint-query.ts';
import type { PlayedCamera } from './live-player.tsx';

const PAGE_SIZE = 12;

/** The machines in scope that carry cameras, searched and paged on the server; a channel is picked into a cell. */
export function MachineList({ onPick }: { onPick: (camera: PlayedCamera) => void }) {
  const { t } = useTranslation('monitor');
  const label = useCodeLabel();
  const [keyword, setKeyword] = useState('');
  const [link, setLink] = useState<MachineLink | undefined>();
  const [page, setPage] = useState(1);
  const machines = useQuery({
    ...endpointQuery(monitorEndpoints.machines, { keyword, link, page, pageSize: PAGE_SIZE }, { background: true }),
    placeholderData: keepPreviousData,
  });
  const list = machines.data?.list ?? [];
  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Input.Search
        allowClear
        placeholder={t('tree.search')}
        aria-label={t('tree.search')}
        maxLength={40}
        // The list follows the text as it is typed (a page of machines per change, kept while the next loads).
        onChange={(event) => {
          setKeyword(event.target.value.trim());
          setPage(1);
        }}
      />
      <Select
        allowClear
        placeholder={t('tree.link')}
        aria-label={t('tree.link')}
        value={link}
        options={codeOptions(label, MACHINE_LINK)}
        onChange={(value?: MachineLink) => {
          setLink(value);
          setPage(1);
        }}
      />
      {machines.isPending ? (
        <Skeleton active />
      ) : machines.isError ? (
        <LoadError error={machines.error} onRetry={() => void machines.refetch()} />
      ) : list.length === 0 ? (
        <Empty description={keyword || link ? t('tree.noMatch') : t('tree.none')} />
      ) : (
        // data-records: the machines and their cameras as their owners named them, in whatever language (as a table's rows).
        <div style={{ flex: 1, overflow: 'auto' }} data-testid="monitor-machines" data-records>
          {list.map((machine) => (
            <section key={machine.deviceId} style={{ padding: '6px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
              <Flex justify="space-between" align="center" gap={4}>
                <Typography.Text strong ellipsis title={machine.hostName}>
                  {machine.serialNumber}
                </Typography.Text>
                <StatusBadge table={MACHINE_LINK} value={machine.link} />
              </Flex>
              <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
                {machine.hostName || '-'}
              </Typography.Text>
              <Flex wrap gap={4} style={{ marginTop: 4 }}>
                {machine.cameras.map((camera) => (
                  <Button
                    key={camera.id}
                    size="small"
                    icon={<VideoCameraOutlined />}
                    onClick={() =>
                      onPick({
                        cameraId: camera.id,
                        deviceId: machine.deviceId,
                        serialNumber: machine.serialNumber,
                        channel: camera.channel,
                        name: camera.name,
                        editable: machine.editable,
                      })
                    }
                  >
                    {`CH${camera.channel} ${camera.name}`}
                  </Button>
                ))}
              </Flex>
            </section>
          ))}
        </div>
      )}
      {(machines.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          simple
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={machines.data?.total ?? 0}
          onChange={setPage}
        />
      )}
    </Flex>
  );
}
