/**
 * The `liff.subWindow` and `liff.isSubWindow` members: a LIFF app opens another over itself (or
 * the platform's own screen, Quick-fill), hands it `appData`, and hears how it ended. The host draws
 * the sub window and carries the messages between the two (`host/src/app/liff/sub-window.ts`).
 */
import { assertApiAvailable } from '../rules/availability.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { SubWindowListeners, subWindowMessage, subWindowRequest } from '../rules/sub-window.js';
import type { MemberKit } from './kit.js';

/** `subWindow` and `isSubWindow`. */
export function subWindowMembers({ state, bridge, environment }: MemberKit): Pick<Liff, 'subWindow' | 'isSubWindow'> {
  const listeners = new SubWindowListeners();
  const isSubWindow = () => !!state.session?.subWindow;
  // The published SDK throws this before anything else, synchronously, outside a sub window.
  const childOnly = () => {
    if (!isSubWindow()) throw new LiffError('UNAUTHORIZED', 'this api can be only called in child window');
  };
  const post = (status: 'submit' | 'cancel', message: unknown) => bridge('liffSubWindowPost', [status, subWindowMessage(message)]);
  return {
    isSubWindow,
    subWindow: {
      on: (event, fn) => listeners.on(event, fn as (payload: unknown) => void),
      off: (event, fn) => listeners.off(event, fn as (payload: unknown) => void),
      open: async (params) => {
        assertApiAvailable('subwindowOpen', environment());
        await bridge('liffSubWindowOpen', [subWindowRequest(params)]);
        // The platform's SDK subscribes to the sub window's end the same way: one long wait per window.
        bridge('liffSubWindowWait', []).then(
          (event) => {
            if (event) listeners.emit(event.status, event.result);
          },
          (error: unknown) => listeners.emit('error', error),
        );
      },
      submit: (message) => {
        childOnly();
        return post('submit', message);
      },
      cancel: (message) => {
        childOnly();
        return post('cancel', message);
      },
      close: () => {
        childOnly();
        return bridge('closeWindow', []).then(() => undefined);
      },
      getAppData: () => {
        childOnly();
        return Promise.resolve(structuredClone(state.session!.subWindow!.appData));
      },
    },
  };
}
