import { isIP } from 'node:net';

/** What the deployment in front of the server vouches for: Vercel's edge, or this many appending proxies. */
export type Trust = { vercel: boolean; proxyHops: number };

/**
 * The client's address, as far as the deployment can vouch for it; null when it cannot. A route handler never sees
 * the socket, and any header can be written by the client itself unless something in front of the server replaces
 * it: `next start` keeps a client's own X-Forwarded-For as sent. So:
 * - on Vercel (VERCEL=1), its own x-vercel-forwarded-for (or x-real-ip), which its edge overwrites on every request;
 * - self-hosted, TAKES_TRUSTED_PROXY_HOPS proxies each append the address they were reached from to
 *   X-Forwarded-For: the client is that many entries from the right, and whatever stands left of it is the
 *   client's own writing;
 * - otherwise nothing: no header is believed.
 */
export function clientAddress(headers: Headers, trust: Trust): string | null {
  let address: string | undefined;
  if (trust.vercel) {
    address = (headers.get('x-vercel-forwarded-for') ?? headers.get('x-real-ip'))?.split(',')[0];
  } else if (trust.proxyHops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '').split(',');
    // Fewer entries than proxies: the request did not come through them all, so none of it is vouched for.
    address = chain.length >= trust.proxyHops ? chain[chain.length - trust.proxyHops] : undefined;
  }
  address = address?.trim();
  return address && isIP(address) ? address : null;
}
