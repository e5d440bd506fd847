/**
 * The floor of the `web` benchmark (bench/web.ts): the least a Vite + React + antd page can do to show one table
 * fed by one API call, built and served exactly as the console is. The machines of the signed-in user's scope,
 * first page, with the session the console keeps (web/src/lib/session.ts).
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Table } from 'antd';

interface Row {
  id: number;
  serialNumber: string;
  deviceName: string;
  modelName: string;
  brand: string;
}

function Machines() {
  const [rows, setRows] = useState<Row[] | null>(null);
  useEffect(() => {
    const { token } = JSON.parse(sessionStorage.getItem('console-state') ?? '{}') as { token?: string };
    void fetch('/api/device/list.do?page=1&pageSize=20', { headers: { token: token ?? '', lang: 'en_US' } })
      .then((response) => response.json() as Promise<{ data: { list: Row[] } }>)
      .then((answer) => setRows(answer.data.list));
  }, []);
  return (
    <Table<Row>
      rowKey="id"
      loading={!rows}
      dataSource={rows ?? []}
      pagination={false}
      columns={[
        { title: 'Serial number', dataIndex: 'serialNumber' },
        { title: 'Name', dataIndex: 'deviceName' },
        { title: 'Model', dataIndex: 'modelName' },
        { title: 'Brand', dataIndex: 'brand' },
      ]}
    />
  );
}

createRoot(document.getElementById('root')!).render(<Machines />);
