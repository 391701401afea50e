import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * IPv4 addresses a webhook must never reach unless the operator allows it: this network,
 * private, carrier-grade NAT, loopback, link-local (cloud metadata lives there), IETF protocol
 * assignments, benchmarking, multicast and reserved.
 */
const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4');
}

/**
 * IPv6 is decided by an allow-list rather than a block-list: only global unicast (2000::/3) is
 * reachable, because everything outside it either is local (loopback, unique local, link- and
 * site-local, multicast, discard) or embeds an IPv4 address the network may route anywhere
 * (IPv4-compatible, mapped, translated, NAT64 64:ff9b::/96 and 64:ff9b:1::/48). Inside 2000::/3
 * these special-purpose blocks are refused too: 2001::/23 (Teredo embeds an IPv4 address; the rest
 * are protocol assignments no webhook receiver lives in, the few globally reachable ones included),
 * 2001:db8::/32 and 3fff::/20 (documentation) and 2002::/16 (6to4: its IPv4 part could be private).
 */
const refusedGlobal: readonly { groups: readonly number[]; prefix: number }[] = [
  { groups: [0x2001, 0x0000], prefix: 23 },
  { groups: [0x2001, 0x0db8], prefix: 32 },
  { groups: [0x2002], prefix: 16 },
  { groups: [0x3fff, 0x0000], prefix: 20 },
];

/**
 * The eight 16-bit groups of an IPv6 address, or null if it is not one: `::` expanded, a dotted
 * IPv4 tail read as the last two groups, a zone id (`%eth0`) ignored.
 */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/%.*$/s, '');
  if (isIP(address) !== 6) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (piece.includes('.')) {
        // Only the last piece may be an IPv4 address (isIP already checked its form).
        if (index !== pieces.length - 1) return null;
        const octets = piece.split('.').map(Number);
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else {
        groups.push(Number.parseInt(piece, 16));
      }
    }
    return groups;
  };
  const head = toGroups(halves[0]!);
  const tail = halves.length === 2 ? toGroups(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function inPrefix(groups: readonly number[], net: readonly number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit += 16) {
    const width = Math.min(16, prefix - bit);
    const mask = (0xffff << (16 - width)) & 0xffff;
    if (((groups[bit / 16] ?? 0) & mask) !== ((net[bit / 16] ?? 0) & mask)) return false;
  }
  return true;
}

/** True unless the address is public: IPv4 outside the blocked ranges, IPv6 global unicast only. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/%.*$/s, '');
  const family = isIP(bare);
  if (family === 4) return blockedV4.check(bare, 'ipv4');
  if (family !== 6) return true;
  const groups = parseIPv6(bare);
  if (!groups) return true;
  if (!inPrefix(groups, [0x2000], 3)) return true;
  return refusedGlobal.some((range) => inPrefix(groups, range.groups, range.prefix));
}

/** Every address the host name resolves to must be public; a literal IP is checked as is. */
export async function resolvesToPrivate(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list))),
  );
  return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
}

/**
 * A `lookup` for node:http that refuses private answers, so the address checked is the address
 * connected to (no DNS-rebinding window between a check and the request).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses;
      if (!allowPrivate && (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))) {
        return callback(
          Object.assign(new Error('the webhook URL resolves to a private or loopback address'), {
            code: 'EPRIVATEADDRESS',
          }),
          '',
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
