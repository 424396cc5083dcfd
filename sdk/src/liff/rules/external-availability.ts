/**
 * `context.availability` of an app logged in outside the messenger (a normal tab after
 * `liff.login()`), which the published availability rule reads there: the features embedkit serves
 * in an external browser, with the platform's minimum client versions (read only in the client).
 * The published SDK gets the entries from the LIFF server; the share target picker is the one
 * feature of an external browser embedkit serves (its picker page, `share-target-picker.ts`).
 */
import type { FeatureAvailability } from './availability.js';

/** The entries outside the client: `shareTargetPicker` (minimum 10.3.0, as in the host). */
export const EXTERNAL_AVAILABILITY: Readonly<Record<string, FeatureAvailability>> = {
  shareTargetPicker: { permission: true, minVer: '10.3.0' },
};
