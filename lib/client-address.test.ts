import { addressKey, clientAddress, SOCKET_ADDRESS_HEADER } from '@/lib/client-address';

const headers = (values: Record<string, string>) => new Headers(values);
const none = { vercel: false, proxyHops: 0, socket: false };

describe('clientAddress', () => {
  it('believes no header when nothing in front of the server is trusted', () => {
    expect(
      clientAddress(
        headers({
          'x-forwarded-for': '203.0.113.7',
          'x-real-ip': '203.0.113.8',
          'x-vercel-forwarded-for': '203.0.113.9',
          [SOCKET_ADDRESS_HEADER]: '203.0.113.10',
        }),
        none,
      ),
    ).toBeNull();
  });

  it('on Vercel, reads its own header, not X-Forwarded-For or the socket header', () => {
    const vercel = { vercel: true, proxyHops: 0, socket: true };
    expect(clientAddress(headers({ 'x-vercel-forwarded-for': '203.0.113.9', 'x-forwarded-for': '198.51.100.1' }), vercel)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(headers({ 'x-real-ip': '2001:db8::1' }), vercel)).toBe('2001:db8::1');
    expect(clientAddress(headers({ 'x-forwarded-for': '198.51.100.1', [SOCKET_ADDRESS_HEADER]: '198.51.100.2' }), vercel)).toBeNull();
  });

  it('behind proxies, counts them from the right: what the client wrote further left is ignored', () => {
    const chain = headers({ 'x-forwarded-for': 'forged, 1.2.3.4 ,203.0.113.7, 10.0.0.2', [SOCKET_ADDRESS_HEADER]: '10.0.0.3' });
    expect(clientAddress(chain, { vercel: false, proxyHops: 1, socket: true })).toBe('10.0.0.2');
    expect(clientAddress(chain, { vercel: false, proxyHops: 2, socket: true })).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7' }), { vercel: false, proxyHops: 2, socket: false })).toBeNull();
    expect(clientAddress(headers({}), { vercel: false, proxyHops: 1, socket: false })).toBeNull();
  });

  it('with no proxy, the socket address the server entry wrote, never X-Forwarded-For', () => {
    const direct = { vercel: false, proxyHops: 0, socket: true };
    expect(clientAddress(headers({ [SOCKET_ADDRESS_HEADER]: '::ffff:127.0.0.2', 'x-forwarded-for': '203.0.113.7' }), direct)).toBe(
      '::ffff:127.0.0.2',
    );
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7' }), direct)).toBeNull();
  });

  it('takes only an IP address, never whatever text stands where one should', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': 'a, not-an-address' }), { vercel: false, proxyHops: 1, socket: false })).toBeNull();
    expect(clientAddress(headers({ 'x-vercel-forwarded-for': 'x'.repeat(500) }), { vercel: true, proxyHops: 0, socket: false })).toBeNull();
    expect(
      clientAddress(headers({ [SOCKET_ADDRESS_HEADER]: '127.0.0.1, 10.0.0.1' }), { vercel: false, proxyHops: 0, socket: true }),
    ).toBeNull();
  });
});

describe('addressKey', () => {
  it('keeps an IPv4 address, also when a dual-stack socket reports it the IPv6 way', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however it writes the address', () => {
    const key = addressKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb:ffff::1')).toBe(key);
    expect(addressKey('2001:db8:aa:bb::')).toBe(key);
    expect(addressKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
