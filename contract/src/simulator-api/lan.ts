/**
 * The simulator API's `lan` unit: `embedkit --lan`, the apps' proxies the host opens apps through
 * and the phone link's QR code (docs/guide/phones.md), with its schema.
 * Its handlers: `server/src/lan/simulator-routes.ts`.
 */
import { Type, type Static } from '@sinclair/typebox';
import { type Contract, defineContract } from '../route.js';

/**
 * What `embedkit --lan` serves on the network (docs/guide/phones.md), empty lists without `--lan`:
 * `origins`, the host's HTTPS origins (`https://<address>:<port>`); `apps`, each app origin on
 * loopback that is served through a proxy of its own, with its proxy origin per address (in the
 * order of `origins`). No token: the link with the admin token is only in the QR code.
 */
export const LanViewSchema = Type.Object({
  origins: Type.Array(Type.String()),
  apps: Type.Array(Type.Object({ target: Type.String(), origins: Type.Array(Type.String()) })),
});
export type LanView = Static<typeof LanViewSchema>;

/** The `lan` unit's routes, one slice of `SIMULATOR_API`. */
export const LAN_ROUTES = defineContract({
  lan: {
    method: 'GET',
    path: '/lan',
    summary: 'the network origins of --lan and the proxy origins of loopback apps',
    answer: LanViewSchema,
    unit: 'lan',
  },
  lanQrCode: {
    method: 'GET',
    path: '/lan/qr-code',
    summary: 'the QR code (SVG) of the phone link with the admin token',
    answer: 'binary',
    unit: 'lan',
  },
} satisfies Contract<'lan'>);
