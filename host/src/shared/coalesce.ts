/**
 * A reader that coalesces: a call made while a run is under way does not start a second run at
 * once, it asks for one more run after the current one (however many calls came meanwhile), so a
 * burst of live events reads the server twice at most, and the last read is newer than the last event.
 * @param run one read and redraw
 * @returns the function to call; it resolves with the run under way
 */
export function coalesced(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const call = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        void call();
      }
    });
    return running;
  };
  return call;
}
