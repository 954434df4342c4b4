import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a client's address is counted under by the login throttle and the API rate limit.
 * An IPv4 address counts as itself. An IPv6 client usually holds a whole /64 (one home or phone
 * network), and could take a fresh address from it for every request: it counts as its /64,
 * written `2001:db8:1:2::/64`. An IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) counts as its
 * IPv4 address. Anything else (no address at all) is kept as it is.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const withoutZone = ip.split('%')[0]!;
  if (!isIPv6(withoutZone)) return ip;
  const groups = ipv6Groups(withoutZone);
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a dotted IPv4 tail converted. */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
