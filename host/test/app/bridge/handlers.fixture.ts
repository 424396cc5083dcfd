/** Bridge handlers of spies, one per method of the bridge map, shared by the host's bridge tests. */
import { vi } from 'vitest';
import type { BridgeHandlers } from '../../../src/app/bridge/connect.js';

/**
 * Handlers that answer at once: `getProfile` with `profile`, `liffFriendship` with a friend, the
 * others with nothing; `overrides` replace single handlers.
 */
export function fakeHandlers(profile: { userId: string; displayName: string }, overrides: Partial<BridgeHandlers> = {}): BridgeHandlers {
  return {
    openWindow: vi.fn(),
    getProfile: vi.fn(async () => profile),
    sendMessages: vi.fn(async () => {}),
    closeWindow: vi.fn(),
    pageState: vi.fn(),
    liffInit: vi.fn(),
    liffFriendship: vi.fn(async () => ({ friendFlag: true })),
    liffRequestAll: vi.fn(),
    liffScanCode: vi.fn(),
    liffRequestFriendship: vi.fn(),
    liffCreateShortcut: vi.fn(),
    liffShareTargetPicker: vi.fn(),
    liffIapProducts: vi.fn(async () => ({})),
    liffIapConsent: vi.fn(async () => true),
    liffIapPayment: vi.fn(async () => ({ outcome: 'paid' as const })),
    liffSubWindowOpen: vi.fn(),
    liffSubWindowWait: vi.fn(async () => null),
    liffSubWindowPost: vi.fn(async () => ({ status: 'submit', result: 'ok' })),
    liffCalendarEvents: vi.fn(async () => ({ events: [], isThirdPartyCalendarAccessGranted: false })),
    liffCalendarCreate: vi.fn(),
    liffActivityWait: vi.fn(async () => ({ version: 1 })),
    ...overrides,
  };
}
