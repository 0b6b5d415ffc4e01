import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * Who a request comes from, for every per-address limit (unpaid holds, the registration rate,
 * the login throttle, dream shares): an IPv4 address as it is, an IPv6 address by its network
 * (its first `ipv6PrefixLength` bits, /64 by default: one subscriber's allocation), since a
 * single IPv6 client owns all 2^64 addresses of its /64. The address is Express's request.ip,
 * which follows X-Forwarded-For only as far as TRUST_PROXY trusts it.
 */
export function clientIdentityOf(request: Request, ipv6PrefixLength: number): string {
  return clientIdentityOfAddress(
    request.ip ?? request.socket.remoteAddress ?? '',
    ipv6PrefixLength,
  );
}

/** clientIdentityOf for an address already read. */
export function clientIdentityOfAddress(address: string, ipv6PrefixLength: number): string {
  const bare = address.trim().replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return bare || 'unknown';
  const groups = ipv6Groups(bare);
  // An IPv4 client seen through a dual-stack socket (::ffff:192.0.2.1) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6] >> 8}.${groups[6] & 0xff}.${groups[7] >> 8}.${groups[7] & 0xff}`;
  }
  const network = groups.map((group, index) => {
    const bitsLeft = ipv6PrefixLength - index * 16;
    if (bitsLeft >= 16) return group;
    if (bitsLeft <= 0) return 0;
    return group & ((0xffff << (16 - bitsLeft)) & 0xffff);
  });
  return `${network.map((group) => group.toString(16)).join(':')}/${ipv6PrefixLength}`;
}

/** The eight 16-bit groups of a valid IPv6 address (with '::' and a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => parseInt(group, 16)) : [];
  const first = parse(head);
  const last = parse(tail);
  const missing = tail === undefined ? 0 : 8 - first.length - last.length;
  return [...first, ...Array<number>(missing).fill(0), ...last];
}
