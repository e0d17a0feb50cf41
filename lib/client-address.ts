import { isIP, isIPv6 } from 'node:net';

/**
 * What the deployment in front of the route handler vouches for: Vercel's edge, this many appending proxies, or the
 * server entry (server.mjs), which writes each request's socket address under SOCKET_ADDRESS_HEADER.
 */
export type Trust = { vercel: boolean; proxyHops: number; socket: boolean };

/** Written by server.mjs on every request, over anything a client sent under that name. */
export const SOCKET_ADDRESS_HEADER = 'x-takes-socket-address';

/** Set on globalThis by server.mjs in its own process; a request cannot set it, so `next start` or `next dev` alone never has it. */
export const serverEntryRuns = (): boolean => (globalThis as Record<symbol, unknown>)[Symbol.for('takes.server-entry')] === true;

/**
 * The client's address, as far as the deployment can vouch for it; null when it cannot. A route handler never sees
 * the socket, and any header can be written by the client itself unless something in front of the handler replaces
 * it: `next start` keeps a client's own X-Forwarded-For as sent. So:
 * - on Vercel (VERCEL=1), its own x-vercel-forwarded-for (or x-real-ip), which its edge overwrites on every request;
 * - self-hosted, TAKES_TRUSTED_PROXY_HOPS proxies each append the address they were reached from to
 *   X-Forwarded-For: the client is that many entries from the right, and whatever stands left of it is the
 *   client's own writing;
 * - with no proxy named, the socket's own address, which server.mjs writes under SOCKET_ADDRESS_HEADER;
 * - otherwise (a server started without server.mjs) nothing: no header is believed.
 */
export function clientAddress(headers: Headers, trust: Trust): string | null {
  let address: string | undefined;
  if (trust.vercel) {
    address = (headers.get('x-vercel-forwarded-for') ?? headers.get('x-real-ip'))?.split(',')[0];
  } else if (trust.proxyHops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '').split(',');
    // Fewer entries than proxies: the request did not come through them all, so none of it is vouched for.
    address = chain.length >= trust.proxyHops ? chain[chain.length - trust.proxyHops] : undefined;
  } else if (trust.socket) {
    address = headers.get(SOCKET_ADDRESS_HEADER) ?? undefined;
  }
  address = address?.trim();
  return address && isIP(address) ? address : null;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const split = (part: string) => (part ? part.split(':') : []);
  const left = split(head);
  const right = split(tail);
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((g) => parseInt(g, 16).toString(16));
}

/**
 * The key an address's abuse-limit window is counted under. An IPv4 address is one client (an IPv4 address written
 * the IPv6 way, `::ffff:203.0.113.7`, as a dual-stack socket reports it, is that IPv4 address). An IPv6 client is
 * given a whole /64 by its provider and can pick any of its 2^64 addresses, so the window is the /64's.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address.split('%')[0] ?? address)
    .slice(0, 4)
    .join(':')}::/64`;
}
