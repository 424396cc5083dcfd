/**
 * The network addresses `embedkit --lan` listens on: the machine's own non-internal IPv4
 * addresses (what a phone on the same Wi-Fi reaches), or the ones a person names
 * (`--lan-addresses`, `EMBEDKIT_LAN_ADDRESSES`: tests use `127.0.0.2`, never a real network).
 */
import { isIPv4 } from 'node:net';
import { networkInterfaces } from 'node:os';

/** The environment variable naming the addresses `--lan` listens on (comma-separated IPv4). */
export const LAN_ADDRESSES_ENV = 'EMBEDKIT_LAN_ADDRESSES';

/**
 * The addresses to listen on: `given` (comma-separated) if any, else the environment's, else the
 * machine's non-internal IPv4 addresses. IPv6 is left out: a phone reaches a laptop by IPv4 on a
 * home or office network, and a link-local IPv6 address needs a zone a phone cannot type.
 * @throws Error naming an entry that is not an IPv4 address, or when the machine has none
 */
export function lanAddresses(given?: string, interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): string[] {
  const text = given ?? process.env[LAN_ADDRESSES_ENV];
  if (text !== undefined && text.trim() !== '') {
    const list = [
      ...new Set(
        text
          .split(',')
          .map((a) => a.trim())
          .filter((a) => a !== ''),
      ),
    ];
    const bad = list.find((a) => !isIPv4(a) || a === '0.0.0.0');
    if (bad !== undefined) throw new Error(`--lan-addresses: ${bad} is not an IPv4 address of this machine (e.g. 192.168.1.20)`);
    return list;
  }
  const found = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => i.address);
  if (found.length === 0) throw new Error('--lan: this machine has no network address (connect it to the network the phone is on)');
  return [...new Set(found)];
}
