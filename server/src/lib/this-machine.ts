import { timingSafeEqual, createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { Env } from './env.ts';
import { clientIp } from './route.ts';

/** The header that carries DEV_TOOLS_TOKEN, for the development tools from another machine. */
export const DEV_TOOLS_HEADER = 'x-dev-token';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

function socketAddress(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * Whether a request comes from the server's own machine. Without TRUST_PROXY a request that a proxy forwarded
 * (a reverse proxy on this machine relays the whole network from a loopback socket) is not: the proxy's headers
 * give it away. Behind a trusted proxy the client it names must be on loopback too.
 */
export function fromThisMachine(c: Context, env: Pick<Env, 'TRUST_PROXY'>): boolean {
  if (!env.TRUST_PROXY && FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) return false;
  const socket = socketAddress(c);
  if (socket !== undefined && !isLoopback(socket)) return false;
  return isLoopback(clientIp(c, env.TRUST_PROXY));
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The development tools (SMS outbox) answer on the server's own machine, or to whoever presents the configured
 * DEV_TOOLS_TOKEN: a demo reachable from a network gives a stranger no verification code (decision 020).
 */
export function mayUseDevTools(c: Context, env: Pick<Env, 'TRUST_PROXY' | 'DEV_TOOLS_TOKEN'>): boolean {
  if (fromThisMachine(c, env)) return true;
  const given = c.req.header(DEV_TOOLS_HEADER);
  return !!env.DEV_TOOLS_TOKEN && !!given && sameSecret(given, env.DEV_TOOLS_TOKEN);
}
