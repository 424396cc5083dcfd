/** A port that cannot be had, named as the person who chose it can fix it: by the CLI flag that sets it. */
import type { SideInterface } from '../interface-urls.js';

/** The CLI flag that sets the port of each side origin (named in "port taken" errors). */
export const PORT_FLAGS: Record<SideInterface | 'base', string> = {
  base: '--port',
  deprecated: '--deprecated-port',
  trialbot: '--trialbot-port',
  blockchain: '--blockchain-port',
  linepay: '--linepay-port',
};

/** A port that another program (or another embedkit) already listens on. */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly origin: SideInterface | 'base',
  ) {
    super(
      `port ${port} ({${origin}_url}) is already in use: ` +
        `choose another with ${PORT_FLAGS[origin]} <port>` +
        (origin === 'base' ? '' : ` (or move the main --port: the side ports default to it + 1, + 2, + 3, + 4)`),
    );
    this.name = 'PortInUseError';
  }
}
