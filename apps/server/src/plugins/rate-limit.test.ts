// Proves how client addresses are grouped for limits: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64.
import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address, and reads ::ffff:a.b.c.d as that address', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, whatever the notation', () => {
    const key = '2001:db8:aa:1::/64';
    expect(addressKey('2001:db8:aa:1::1')).toBe(key);
    expect(addressKey('2001:0db8:00aa:0001:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:DB8:AA:1:0:0:0:9')).toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:aa:2::1')).not.toBe(key);
  });

  it('leaves anything else as given (a test or a proxy name)', () => {
    expect(addressKey('demo-seed')).toBe('demo-seed');
  });
});
