import ipaddr from 'ipaddr.js';

/**
 * Whether URL import may connect to an address: only public unicast. Refused: loopback,
 * private, link-local (169.254.169.254 cloud metadata included), unique-local, multicast,
 * unspecified (0.0.0.0), reserved and carrier-grade NAT ranges, IPv4-mapped IPv6
 * (::ffff:127.0.0.1) and the IPv6 transition ranges that can wrap a private IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return false;
  return parsed.range() === 'unicast';
}
