import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A listening TCP socket, as the kernel reports it (/proc/net/tcp and tcp6). */
export type Listener = { address: string; port: number; inode: string; loopback: boolean };

const LISTEN = '0A';

/** The IPv4 address in /proc/net/tcp's little-endian hex, dotted. */
function ipv4(hex: string): string {
  return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
}

function parse(file: string, six: boolean): Listener[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === LISTEN)
    .map((fields) => {
      const [hex = '', portHex = '0'] = fields[1]!.split(':');
      const inode = fields[9]!;
      const port = parseInt(portHex, 16);
      if (!six) return { address: ipv4(hex), port, inode, loopback: hex.endsWith('7F') };
      // ::1, or an IPv4 loopback address mapped into IPv6 (::ffff:127.x.y.z); :: is every interface.
      const mapped = hex.startsWith('0000000000000000FFFF0000');
      const loopback = hex === '00000000000000000000000001000000' || (mapped && hex.endsWith('7F'));
      return { address: mapped ? `::ffff:${ipv4(hex.slice(24))}` : hex === '0'.repeat(32) ? '::' : `ipv6:${hex}`, port, inode, loopback };
    });
}

export function listeners(): Listener[] {
  return [...parse('/proc/net/tcp', false), ...parse('/proc/net/tcp6', true)];
}

/** The socket inodes a process holds open. */
function sockets(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      const target = (() => {
        try {
          return readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          return '';
        }
      })();
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) inodes.add(match[1]!);
    }
  } catch {
    // The process has gone.
  }
  return inodes;
}

const pids = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);

function parentOf(pid: number): number | null {
  try {
    // The command name in parentheses may hold spaces: the fields after its closing one are fixed.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const all = pids().map((pid) => [pid, parentOf(pid)] as const);
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) for (const [pid, parent] of all) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** The processes holding a listening socket on `port`. */
export function processesListeningOn(port: number): number[] {
  const inodes = new Set(
    listeners()
      .filter((l) => l.port === port)
      .map((l) => l.inode),
  );
  return pids().filter((pid) => [...sockets(pid)].some((inode) => inodes.has(inode)));
}

/** Every socket that these processes listen on. */
export function listenersOf(processes: number[]): Listener[] {
  const held = new Set(processes.flatMap((pid) => [...sockets(pid)]));
  return listeners().filter((l) => held.has(l.inode));
}
