import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '@console/contract/codes/roles';
import {
  deviceRecordEndpoints,
  type DeviceFileItem,
  type OperationLogItem,
} from '@console/contract/http/device-records';
import { createTestApp, type TestApp } from '../../fixtures/test-app.ts';
import { demoMachines } from './helpers.ts';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const PDF_HEAD = [...Buffer.from('%PDF-1.7\n')];

/** A file of `size` bytes that starts like the given type. */
function bytes(head: number[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  out.set(head);
  return out;
}

describe('device files', () => {
  let t: TestApp;
  let admin: string;
  let machines: Awaited<ReturnType<typeof demoMachines>>;
  beforeEach(async () => {
    t = await createTestApp();
    admin = await t.tokenFor(ROLE.lessorAdmin);
    machines = await demoMachines(t);
  });
  afterEach(() => t.dbh.close());

  const upload = (deviceId: number, content: Uint8Array<ArrayBuffer>, name: string, type: string, token = admin) => {
    const form = new FormData();
    form.set('file', new File([content], name, { type }));
    form.set('deviceId', String(deviceId));
    form.set('category', 'manual');
    return t.send(deviceRecordEndpoints.uploadFile, { token, body: form, headers: { lang: 'en_US' } });
  };
  const files = async (deviceId: number, token = admin) => {
    const res = await t.call(deviceRecordEndpoints.files, { token, query: { deviceId } });
    expect(res.status, res.message).toBe('200');
    return res.data as { list: DeviceFileItem[]; editable: boolean };
  };
  const download = async (url: string, token: string) => t.app.request(url, { headers: { token } });

  it('keeps a pdf with the machine, readable by whoever sees the machine and by nobody else', async () => {
    const { id } = machines.rented;
    const res = await upload(id, bytes(PDF_HEAD, 2048), 'C:\\manuals\\operator manual.pdf', 'application/pdf');
    expect(res.envelope?.status, res.envelope?.message).toBe('200');
    const { list, editable } = await files(id);
    expect(editable).toBe(true);
    expect(list.map((f) => [f.name, f.type, f.size, f.category])).toEqual([
      ['operator manual.pdf', 'pdf', 2048, 'manual'],
    ]);
    const url = list[0]!.url;
    const byCustomer = await download(url, await t.tokenFor(ROLE.other));
    expect(byCustomer.status).toBe(200);
    expect(byCustomer.headers.get('content-type')).toBe('application/pdf');
    expect((await files(id, await t.tokenFor(ROLE.other))).editable).toBe(false);
    expect((await download(url, await t.tokenFor(ROLE.distributor))).status).toBe(404);
    const operatorAdmin = await t.tokenFor(ROLE.companyAdmin);
    expect((await download(url, operatorAdmin)).status).toBe(200);
  });

  it('reads the type from the content: a .png that is really text is refused and nothing is kept', async () => {
    const { id } = machines.ownOnly;
    const res = await upload(id, new TextEncoder().encode('just some text, not an image'), 'photo.png', 'image/png');
    expect(res.envelope?.status).toBe('400');
    expect(res.envelope?.message).toContain('Only jpg/png images or pdf files can be uploaded');
    // A real jpg called .pdf is a jpg, checked by the image rules.
    const renamed = await upload(id, bytes(JPG_HEAD, 1000), 'scan.pdf', 'application/pdf');
    expect(renamed.envelope?.status).toBe('200');
    expect((await files(id)).list.map((f) => f.type)).toEqual(['jpg']);
  });

  it('holds images to 500kb and pdf files to 5M each', async () => {
    const { id } = machines.ownOnly;
    const big = await upload(id, bytes(PNG_HEAD, 500 * 1024 + 1), 'big.png', 'image/png');
    expect(big.envelope?.status).toBe('400');
    expect(big.envelope?.message).toContain('Each image must be at most 500kb');
    const justFits = await upload(id, bytes(PNG_HEAD, 500 * 1024), 'fits.png', 'image/png');
    expect(justFits.envelope?.status).toBe('200');
    const bigPdf = await upload(id, bytes(PDF_HEAD, 5 * 1024 * 1024 + 1), 'big.pdf', 'application/pdf');
    expect(bigPdf.envelope?.status).toBe('400');
    expect(bigPdf.envelope?.message).toContain('Each pdf file must be at most 5M');
    // Far beyond any rule: refused while it streams in, before it is held in memory.
    const huge = await upload(id, bytes(PDF_HEAD, 6 * 1024 * 1024), 'huge.pdf', 'application/pdf');
    expect(huge.envelope?.status).toBe('400');
    expect(huge.envelope?.message).toContain('The file is too large');
    expect((await files(id)).list.map((f) => f.name)).toEqual(['fits.png']);
  });

  it('takes up to 10 images per machine', async () => {
    const { id } = machines.ownOnly;
    for (let i = 1; i <= 10; i++) {
      expect((await upload(id, bytes(JPG_HEAD, 100), `p${i}.jpg`, 'image/jpeg')).envelope?.status).toBe('200');
    }
    const eleventh = await upload(id, bytes(JPG_HEAD, 100), 'p11.jpg', 'image/jpeg');
    expect(eleventh.envelope?.status).toBe('400');
    expect(eleventh.envelope?.message).toContain('Upload at most 10 files');
    // Images and pdf files are counted apart: a manual still fits.
    expect((await upload(id, bytes(PDF_HEAD, 100), 'm.pdf', 'application/pdf')).envelope?.status).toBe('200');
    expect((await files(id)).list).toHaveLength(11);
  });

  it('lets only the owner’s editors add and delete files, and logs both in the operation log', async () => {
    const { id } = machines.rented;
    for (const role of [ROLE.other, ROLE.distributor, ROLE.lessorSales, ROLE.technician]) {
      const res = await upload(id, bytes(PNG_HEAD, 100), 'x.png', 'image/png', await t.tokenFor(role));
      expect(res.envelope?.status, `role ${role}`).toBe('403');
    }
    const foreign = await upload(machines.foreign.id, bytes(PNG_HEAD, 100), 'x.png', 'image/png');
    expect(foreign.envelope?.status).toBe('404');
    expect((await files(id)).list).toEqual([]);

    await upload(id, bytes(PNG_HEAD, 100), 'nameplate.png', 'image/png');
    const [file] = (await files(id)).list;
    const byCustomer = await t.call(deviceRecordEndpoints.deleteFile, {
      token: await t.tokenFor(ROLE.other),
      body: { id: file!.id },
    });
    expect(byCustomer.status).toBe('403');
    const byOperator = await t.call(deviceRecordEndpoints.deleteFile, {
      token: await t.tokenFor(ROLE.companyAdmin),
      body: { id: file!.id },
    });
    // The operator's administrator may change every machine (decision 011).
    expect(byOperator.status).toBe('200');
    expect((await files(id)).list).toEqual([]);

    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const log = await t.call(deviceRecordEndpoints.operationLog, {
      token: admin,
      query: { deviceId: id, month, category: 'file' },
    });
    expect((log.data.list as OperationLogItem[]).map((e) => [e.action, e.detail])).toEqual([
      ['file.delete', 'nameplate.png'],
      ['file.upload', 'nameplate.png'],
    ]);
  });
});
