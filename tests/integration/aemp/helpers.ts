import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { expect } from 'vitest';
import { apiKeyEndpoints, type ApiKeyForm } from '@console/contract/http/api-keys';
import { AEMP_BASE } from '@console/contract/http/aemp';
import type { TestApp } from '../../fixtures/test-app.ts';
import { DEFAULT_ORG_ZONE } from '@console/db/org-zone';
import { dayInZone } from '@console/server/src/lib/time';

/** The ISO 15143-3 API as an outside client calls it (decision 068), with keys made through the console's API. */

export const XSD_PATH = resolve(import.meta.dirname, '../../../server/src/routes/aemp/iso-15143-3.xsd');
const XSD = readFileSync(XSD_PATH, 'utf8');

export const DAY_MS = 86_400_000;
/**
 * A day some way ahead on the rental company's calendar (Beijing time for the demo's Chinese companies), as the expiry
 * field takes it: "today" is the company's day, which is not UTC's in Shanghai's first hours.
 */
export const dayFrom = (at: number, days: number, timeZone = DEFAULT_ORG_ZONE) =>
  dayInZone(at + days * DAY_MS, timeZone);

/** An administrator makes a key through create.do and gets its secret once. */
export async function createKey(t: TestApp, token: string, form: Partial<ApiKeyForm> = {}) {
  const answer = await t.call(apiKeyEndpoints.create, {
    token,
    body: { name: 'ERP link', scope: 'all', expiresOn: dayFrom(t.deps.now(), 30), ratePerMinute: 600, ...form },
  });
  expect(answer.status, answer.message).toBe('200');
  return answer.data;
}

export interface AempAnswer {
  http: number;
  headers: Headers;
  text: string;
}

/** A call of the API: `path` under the versioned base (or a Links href), XML unless `accept` says otherwise. */
export async function aemp(t: TestApp, key: string | null, path: string, accept?: string): Promise<AempAnswer> {
  const url = path.startsWith('http') ? new URL(path).pathname : `/api${AEMP_BASE}${path}`;
  const response = await t.app.request(url, {
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(accept ? { accept } : {}) },
  });
  return { http: response.status, headers: response.headers, text: await response.text() };
}

export async function aempJson<T>(t: TestApp, key: string, path: string): Promise<T> {
  const answer = await aemp(t, key, path, 'application/json');
  expect(answer.http, answer.text.slice(0, 300)).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(answer.text) as T;
}

export async function aempXml(t: TestApp, key: string, path: string): Promise<string> {
  const answer = await aemp(t, key, path);
  expect(answer.http, answer.text.slice(0, 300)).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
  return answer.text;
}

/** The errors xmllint finds validating a document against the schema kept in the repository ([] when valid). */
export async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'answer.xml', contents: xml }],
    schema: [{ fileName: 'iso-15143-3.xsd', contents: XSD }],
  });
  return result.valid ? [] : result.errors.map((e) => e.rawMessage);
}

/** The text of every element of a name in a document, in order (the tests' documents are flat enough). */
export const xmlValues = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
/** The `datetime` attribute of every element of a name. */
export const xmlTimes = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name} datetime="([^"]+)"`, 'g'))].map((m) => m[1]!);
export const xmlLinks = (xml: string) =>
  Object.fromEntries(
    [...xml.matchAll(/<Links><rel>(\w+)<\/rel><href>([^<]+)<\/href><\/Links>/g)].map((m) => [m[1]!, m[2]!]),
  ) as Record<string, string>;
