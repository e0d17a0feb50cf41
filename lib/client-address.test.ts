import { clientAddress } from '@/lib/client-address';

const headers = (values: Record<string, string>) => new Headers(values);
const none = { vercel: false, proxyHops: 0 };

describe('clientAddress', () => {
  it('believes no header when nothing in front of the server is trusted', () => {
    expect(
      clientAddress(
        headers({ 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8', 'x-vercel-forwarded-for': '203.0.113.9' }),
        none,
      ),
    ).toBeNull();
  });

  it('on Vercel, reads its own header, not X-Forwarded-For', () => {
    const vercel = { vercel: true, proxyHops: 0 };
    expect(clientAddress(headers({ 'x-vercel-forwarded-for': '203.0.113.9', 'x-forwarded-for': '198.51.100.1' }), vercel)).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(headers({ 'x-real-ip': '2001:db8::1' }), vercel)).toBe('2001:db8::1');
    expect(clientAddress(headers({ 'x-forwarded-for': '198.51.100.1' }), vercel)).toBeNull();
  });

  it('behind proxies, counts them from the right: what the client wrote further left is ignored', () => {
    const chain = headers({ 'x-forwarded-for': 'forged, 1.2.3.4 ,203.0.113.7, 10.0.0.2' });
    expect(clientAddress(chain, { vercel: false, proxyHops: 1 })).toBe('10.0.0.2');
    expect(clientAddress(chain, { vercel: false, proxyHops: 2 })).toBe('203.0.113.7');
    expect(clientAddress(headers({ 'x-forwarded-for': '203.0.113.7' }), { vercel: false, proxyHops: 2 })).toBeNull();
    expect(clientAddress(headers({}), { vercel: false, proxyHops: 1 })).toBeNull();
  });

  it('takes only an IP address, never whatever text stands where one should', () => {
    expect(clientAddress(headers({ 'x-forwarded-for': 'a, not-an-address' }), { vercel: false, proxyHops: 1 })).toBeNull();
    expect(clientAddress(headers({ 'x-vercel-forwarded-for': 'x'.repeat(500) }), { vercel: true, proxyHops: 0 })).toBeNull();
  });
});
