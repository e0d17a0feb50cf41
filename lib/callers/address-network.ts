import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses that name no network of their own: loopback, private, link-local, shared (carrier NAT) and unique-local
 * ranges. A server that sees one of these for its clients stands behind something it was not told about (every fan
 * would have the same), so such an address links nobody.
 */
const UNROUTED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  UNROUTED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  UNROUTED.addSubnet(net, prefix, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (any `::` expanded); null when it has an embedded IPv4 tail. */
function ipv6Groups(address: string): number[] | null {
  if (address.includes('.')) return null;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => parseInt(g, 16));
}

/**
 * The network a client address stands for, as the site tells subscribers apart: an IPv4 address itself (one home or
 * one NAT), an IPv6 address's /64 (one subscriber's prefix; they hold many addresses inside it). IPv4-mapped IPv6 is
 * its IPv4 address. Null for anything that is not a routed address (UNROUTED), or not an address at all.
 */
export function addressNetwork(address: string | null): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) return UNROUTED.check(ip, 'ipv4') ? null : ip;
  if (!isIPv6(ip) || UNROUTED.check(ip, 'ipv6')) return null;
  const groups = ipv6Groups(ip.toLowerCase());
  if (!groups) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
