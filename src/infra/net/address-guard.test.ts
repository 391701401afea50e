import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPrivateAddress, parseIPv6, resolvesToPrivate } from './address-guard.js';

test('IPv6 text is parsed into eight groups: :: expanded, dotted IPv4 tails, zone ids', () => {
  assert.deepEqual(parseIPv6('::'), [0, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(parseIPv6('::1'), [0, 0, 0, 0, 0, 0, 0, 1]);
  assert.deepEqual(parseIPv6('::127.0.0.1'), [0, 0, 0, 0, 0, 0, 0x7f00, 1]);
  assert.deepEqual(parseIPv6('::ffff:0:127.0.0.1'), [0, 0, 0, 0, 0xffff, 0, 0x7f00, 1]);
  assert.deepEqual(parseIPv6('64:ff9b::10.0.0.1'), [0x64, 0xff9b, 0, 0, 0, 0, 0x0a00, 1]);
  assert.deepEqual(parseIPv6('fe80::1%eth0'), [0xfe80, 0, 0, 0, 0, 0, 0, 1]);
  assert.deepEqual(parseIPv6('2606:4700:4700:0:0:0:0:1111'), [0x2606, 0x4700, 0x4700, 0, 0, 0, 0, 0x1111]);
  for (const bad of ['', '1.2.3.4', ':::', '1::2::3', 'g::1', '1:2:3:4:5:6:7:8:9', 'example.com'])
    assert.equal(parseIPv6(bad), null, bad);
});

test('every IPv6 address outside global unicast, or in its special blocks, is private', () => {
  for (const address of [
    // The review's forms: IPv4-compatible, translated, NAT64, 6to4, site-local, discard.
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    '2002:0808:0808::1',
    'fec0::1',
    '100::1',
    // The same written the way URL parsing normalises them.
    '::7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::a00:1',
    // Mapped (both spellings), loopback, unspecified, unique local, link-local, multicast.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    // Inside 2000::/3: Teredo and the rest of 2001::/23, documentation.
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:1ff::1',
    '2001:db8::1',
    '3fff::1',
    // Not addresses at all.
    'not-an-ip',
    '',
  ]) {
    assert.equal(isPrivateAddress(address), true, address);
  }
});

test('public IPv6 and IPv4 addresses pass; private IPv4 does not', () => {
  for (const address of [
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001::1',
    '2001:200::1',
    '3ffe::1',
    '8.8.8.8',
    '93.184.215.14',
  ]) {
    assert.equal(isPrivateAddress(address), false, address);
  }
  for (const address of [
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
  ]) {
    assert.equal(isPrivateAddress(address), true, address);
  }
});

test('URL host names in brackets, as URL parsing leaves them, are checked the same way', async () => {
  for (const url of [
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[fec0::1]/',
    'http://[100::1]/',
  ]) {
    assert.equal(await resolvesToPrivate(new URL(url).hostname), true, url);
  }
  assert.equal(await resolvesToPrivate(new URL('https://[2606:4700:4700::1111]/').hostname), false);
});
