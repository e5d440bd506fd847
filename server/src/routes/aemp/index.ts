import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import {
  AEMP_BASE,
  AEMP_DATA_POINTS,
  AEMP_MAX_RANGE_DAYS,
  AEMP_PAGE_SIZE,
  AEMP_VERSION,
  aempEndpoints,
  aempEquipmentDocument,
  aempFleet,
  aempSeries,
  type AempFleet,
  type AempSeries,
} from '@console/contract/http/aemp';
import { authenticateKey, type KeyAccess } from '../../lib/api-key-auth.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { findEquipment, fleetPage, seriesPage } from './read.ts';
import { equipmentXml, fleetXml, seriesXml } from './xml.ts';

export { AEMP_SECURITY_SCHEME, aempOpenApiPaths } from './openapi.ts';

/**
 * The ISO 15143-3 (AEMP 2.0) API under /api/aemp/v2 (docs/decisions/068-iso-15143-3-api.md): every call with an API
 * key, its path parameters checked by the contract's declaration (contract/http/aemp.ts), XML unless the Accept
 * header prefers JSON. Refusals are problem details (RFC 9457): 400, 401, 404, 429 with Retry-After.
 */

type Links = AempFleet['Links'];

/** JSON when the client names it before (or without) XML; the standard's default is XML. */
export function wantsJson(accept: string | undefined): boolean {
  const text = (accept ?? '').toLowerCase();
  const json = text.search(/application\/(?:[\w.+-]*\+)?json/);
  const xml = text.search(/(?:application|text)\/(?:[\w.+-]*\+)?xml/);
  return json >= 0 && (xml < 0 || json < xml);
}

function problem(c: Context, status: 400 | 401 | 404 | 429, detail: string, headers: Record<string, string> = {}) {
  return c.body(JSON.stringify({ type: 'about:blank', title: TITLES[status], status, detail }), status, {
    'content-type': 'application/problem+json',
    'cache-control': 'no-store',
    ...headers,
  });
}
const TITLES = { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' };

/** self and last always; prev and next where there is such a page. */
export function pageLinks(href: (page: number) => string, page: number, total: number): Links {
  const last = Math.max(1, Math.ceil(total / AEMP_PAGE_SIZE));
  return [
    { rel: 'self', href: href(page) },
    ...(page > 1 ? [{ rel: 'prev' as const, href: href(Math.min(page - 1, last)) }] : []),
    ...(page < last ? [{ rel: 'next' as const, href: href(page + 1) }] : []),
    { rel: 'last', href: href(last) },
  ];
}

export function registerAempRoutes(app: Hono, deps: AppDeps): void {
  const base = `/api${AEMP_BASE}`;

  /** Checks the path, then the key; answers the document in the format asked for. */
  const serve =
    <S extends z.ZodType>(
      params: S,
      work: (
        access: KeyAccess,
        input: z.output<S>,
        c: Context,
      ) => Promise<{ json: unknown; xml: string; schema: z.ZodType } | Response>,
    ) =>
    async (c: Context) => {
      const parsed = params.safeParse(c.req.param());
      if (!parsed.success) {
        const fields = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
        return problem(c, 400, `invalid path parameter: ${fields}`);
      }
      const lang = /^zh/i.test(c.req.header('accept-language') ?? '') ? 'zh' : 'en';
      const access = await authenticateKey(deps, c, lang);
      if ('refused' in access) {
        return access.refused === 'tooMany'
          ? problem(c, 429, 'this key made more requests than its rate allows', {
              'retry-after': String(access.retryAfterS),
            })
          : problem(c, 401, 'a valid, unexpired and unrevoked API key is required', {
              'www-authenticate': 'Bearer realm="aemp"',
            });
      }
      const answer = await work(access, parsed.data, c);
      if (answer instanceof Response) return answer;
      const headers = { 'cache-control': 'no-store', vary: 'Accept' };
      if (wantsJson(c.req.header('accept'))) {
        if (deps.env.NODE_ENV !== 'production') {
          const checked = answer.schema.safeParse(answer.json);
          if (!checked.success) {
            deps.log('error', `answer of ${c.req.path} breaks its contract`, checked.error.issues);
            return c.body(null, 500);
          }
        }
        return c.json(answer.json, 200, headers);
      }
      return c.body(answer.xml, 200, { ...headers, 'content-type': 'application/xml; charset=utf-8' });
    };

  const origin = (c: Context) => new URL(c.req.url).origin;
  const head = () => ({ version: AEMP_VERSION, snapshotTime: new Date(deps.now()).toISOString() });

  app.get(
    `${base}/Fleet/Equipment/ID/:equipmentId/:dataPoint/:startDate/:endDate/:pageNumber`,
    serve(aempEndpoints.series.query, async (access, input, c) => {
      const from = Date.parse(input.startDate);
      const to = Date.parse(input.endDate);
      if (to <= from) return problem(c, 400, 'endDate is after startDate');
      if (to - from > AEMP_MAX_RANGE_DAYS * 86_400_000)
        return problem(c, 400, `a time series spans at most ${AEMP_MAX_RANGE_DAYS} days`);
      const found = await findEquipment(access, input.equipmentId);
      if (!found) return problem(c, 404, 'no such equipment for this key');
      const page = await seriesPage(access, found, input.dataPoint, from, to, input.pageNumber, deps.now());
      if (!page) return problem(c, 404, `a ${found.kind} does not report ${input.dataPoint}`);
      const path = `${origin(c)}${base}/Fleet/Equipment/ID/${encodeURIComponent(input.equipmentId)}/${input.dataPoint}/${input.startDate}/${input.endDate}`;
      const doc: AempSeries = {
        ...head(),
        Links: pageLinks((n) => `${path}/${n}`, input.pageNumber, page.total),
        ...page.records,
      };
      return { json: doc, xml: seriesXml(doc, AEMP_DATA_POINTS[input.dataPoint]), schema: aempSeries };
    }),
  );

  app.get(
    `${base}/Fleet/Equipment/ID/:equipmentId`,
    serve(aempEndpoints.equipment.query, async (access, input, c) => {
      const found = await findEquipment(access, input.equipmentId);
      if (!found) return problem(c, 404, 'no such equipment for this key');
      const doc = { ...head(), ...found.equipment };
      return { json: doc, xml: equipmentXml(doc), schema: aempEquipmentDocument };
    }),
  );

  app.get(
    `${base}/Fleet/:pageNumber`,
    serve(aempEndpoints.fleet.query, async (access, input, c) => {
      const page = await fleetPage(access, input.pageNumber);
      const doc: AempFleet = {
        ...head(),
        Links: pageLinks((n) => `${origin(c)}${base}/Fleet/${n}`, input.pageNumber, page.total),
        Equipment: page.equipment,
      };
      return { json: doc, xml: fleetXml(doc), schema: aempFleet };
    }),
  );
}
