import ipaddr from 'ipaddr.js';

/** IPv6 global unicast: the only IPv6 block where public web servers live. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Whether URL import may connect to an address: only public unicast. Refused: loopback,
 * private, link-local (169.254.169.254 cloud metadata included), unique-local, multicast,
 * unspecified (0.0.0.0), reserved, documentation, benchmarking and carrier-grade NAT ranges.
 *
 * IPv6 must be global unicast (2000::/3) and not one of its special-purpose blocks (Teredo,
 * 6to4, documentation, ORCHID, AS112). Everything outside 2000::/3 is refused, which is what
 * closes the spellings that wrap an IPv4 address: IPv4-compatible `::/96` (`::7f00:1` is
 * 127.0.0.1, `::a9fe:a9fe` is 169.254.169.254; ipaddr.js calls these plain "unicast"),
 * IPv4-mapped `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96` and NAT64 `64:ff9b::/96`.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  return ipv6.match(GLOBAL_UNICAST) && ipv6.range() === 'unicast';
}
