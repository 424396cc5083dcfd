/**
 * The member `liff.activity` of `@line/liff` 2.31 (`@liff/activity`): the person's call and
 * recording states, which the client reports as they change. The published module keeps the last
 * state it was sent and answers it synchronously, `UNSPECIFIED` until the client sent one; here the
 * host reports them (its call-state control) and the plugin keeps the last, watching from `init`.
 */
import type { ActivityStates } from '#contract/bridge/protocol.js';
import { LiffError } from '../errors.js';
import type { Liff } from '../liff-types.js';
import { assertApiAvailable } from '../rules/availability.js';
import type { MemberKit } from './kit.js';

/** The last states the host reported, as the published module's store keeps them. */
export interface ActivityStore {
  states: ActivityStates;
  /** True once {@link watchActivity} follows the host (one watch per page). */
  watching: boolean;
}

/** A store with nothing received yet. */
export function activityStore(): ActivityStore {
  return { states: { version: 0 }, watching: false };
}

/**
 * Starts {@link watchActivity} once `init` connected to the host, when the client reports either
 * state (the published module listens only in the client); a second call does nothing.
 */
export function startActivityWatch(kit: Pick<MemberKit, 'bridge' | 'environment' | 'state'>, store: ActivityStore): void {
  if (store.watching || !kit.state.host) return;
  const env = kit.environment();
  const reported = ['activityGetCallState', 'activityGetRecordingState'].some((k) => env.availability?.[k]?.permission);
  if (!reported) return;
  store.watching = true;
  void watchActivity(kit, store);
}

/**
 * Follows the host's reports into `store` for as long as the page has its bridge: each answer of
 * `liffActivityWait` (at once when newer than what the store holds, else at the next change).
 * Stops quietly when the bridge goes (the app closed, another page took the frame).
 */
export async function watchActivity({ bridge }: Pick<MemberKit, 'bridge'>, store: ActivityStore): Promise<void> {
  for (;;) {
    try {
      const states = await bridge('liffActivityWait', [store.states.version]);
      if (states.version > store.states.version) store.states = states;
    } catch {
      return;
    }
  }
}

/** `activity`: `getCallState` and `getRecordingState`, synchronous, from `store`. */
export function activityMember({ environment }: MemberKit, store: ActivityStore): Liff['activity'] {
  return {
    getCallState: () => {
      assertApiAvailable('activityGetCallState', environment());
      const state = store.states.call;
      if (!state) throw new LiffError('UNSPECIFIED', 'Call state has not been received from the native client yet');
      return { ...state };
    },
    getRecordingState: () => {
      assertApiAvailable('activityGetRecordingState', environment());
      const state = store.states.recording;
      if (!state) throw new LiffError('UNSPECIFIED', 'Recording state has not been received from the native client yet');
      return { ...state };
    },
  };
}
