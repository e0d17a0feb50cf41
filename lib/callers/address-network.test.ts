import { addressNetwork } from '@/lib/callers/address-network';

describe('addressNetwork', () => {
  it('is an IPv4 address itself, and an IPv6 address its /64', () => {
    expect(addressNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(addressNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('is nothing for addresses that name no network of their own, and for what is not an address', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '100.64.3.4',
      '169.254.0.9',
      '::1',
      'fe80::1',
      'fd00::2',
    ]) {
      expect(addressNetwork(address)).toBeNull();
    }
    expect(addressNetwork('::ffff:127.0.0.1')).toBeNull();
    expect(addressNetwork(null)).toBeNull();
    expect(addressNetwork('not-an-address')).toBeNull();
  });
});
