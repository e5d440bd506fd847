import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker } from './broker.ts';
import { RESERVED_DESCRIPTORS, machineSocketBudget, openFilesLimit } from './connection-limit.ts';

const dir = mkdtempSync(join(tmpdir(), 'console-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function limitsFile(openFiles: string): string {
  const file = join(dir, `limits-${openFiles}`);
  writeFileSync(
    file,
    [
      'Limit                     Soft Limit           Hard Limit           Units',
      'Max processes             95000                95000                processes',
      `Max open files            ${openFiles}                20000                files`,
    ].join('\n'),
  );
  return file;
}

describe('the machines’ socket budget', () => {
  it('is the open-files limit less what the rest of the process needs, and none where there is no limit', () => {
    expect(openFilesLimit(limitsFile('20000'))).toBe(20_000);
    expect(machineSocketBudget(20_000)).toBe(20_000 - RESERVED_DESCRIPTORS);
    expect(openFilesLimit(limitsFile('unlimited'))).toBeNull();
    expect(openFilesLimit(join(dir, 'missing'))).toBeNull();
    expect(machineSocketBudget(null)).toBeNull();
  });

  it('closes connections beyond the broker’s limit and keeps those within it', async () => {
    const broker = await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      accounts: { serverUser: 'srv', serverPassword: 'srv-password', deviceSecretHash: () => undefined },
      maxConnections: 2,
    });
    // Resolves with the client once the broker answered, or with null once it closed the socket unanswered.
    const signIn = (clientId: string) =>
      new Promise<MqttClient | null>((resolve) => {
        const client = connect(broker.url, { clientId, username: 'srv', password: 'srv-password', reconnectPeriod: 0 });
        client.once('connect', () => resolve(client));
        client.once('close', () => {
          if (!client.connected) resolve(null);
          client.end(true);
        });
      });
    try {
      const kept = [(await signIn('srv-1'))!, (await signIn('srv-2'))!];
      expect(await signIn('srv-3')).toBeNull();
      expect(kept.map((c) => c.connected)).toEqual([true, true]);
      await kept[0]!.endAsync();
      // A place freed (once the broker has seen the socket close): a new connection is taken.
      let next: MqttClient | null = null;
      for (let attempt = 0; attempt < 50 && !next; attempt++) next = await signIn('srv-4');
      expect(next?.connected).toBe(true);
      await Promise.all([kept[1]!.endAsync(), next!.endAsync()]);
    } finally {
      await broker.close();
    }
  });
});
