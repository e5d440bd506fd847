import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below about one network packet compression gains nothing and costs the server a call. */
export const COMPRESS_MIN_BYTES = 1400;

/** The encoding to answer in: brotli when the browser takes it, else gzip, else none. */
function chosenEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const offered = new Map(
    (accept ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name!, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses the API's JSON answers above COMPRESS_MIN_BYTES (a list page, the map's positions) with brotli at a
 * fast quality, or gzip. Only `application/json` is touched: event streams, files and exports go as they are,
 * so a Server-Sent Events stream is never held back by a compressor's buffer.
 */
export function compressLargeJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '') || res.headers.has('content-encoding')) {
      return;
    }
    c.header('Vary', 'Accept-Encoding', { append: true });
    const encoding = chosenEncoding(c.req.header('accept-encoding'));
    if (!encoding || !res.body || c.req.method === 'HEAD') return;
    // An envelope is built whole before it is sent, so reading it here holds nothing back.
    const body = new Uint8Array(await res.arrayBuffer());
    const packed =
      body.length < COMPRESS_MIN_BYTES
        ? null
        : encoding === 'br'
          ? await brotli(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : await gz(body, { level: 6 });
    c.res = new Response(packed ?? body, res);
    if (packed) {
      c.res.headers.set('Content-Encoding', encoding);
      c.res.headers.delete('Content-Length');
    }
  };
}
