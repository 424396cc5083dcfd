// What `embedkit start` says of a data folder another embedkit holds, for each kind of holder:
// one that listens (and one that requires an admin token), one that does not, one still starting.
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError } from '../../../src/db/data-folder-lock.js';
import { folderInUseMessage } from '../../../src/cli/start/folder-in-use.js';

const FOLDER = '/home/me/project/.embedkit';
const STARTED = '2026-01-02T03:04:05.000Z';

describe('the refusal of a data folder in use', () => {
  it('names the holder, its host page and the commands’ --url / EMBEDKIT_URL', () => {
    const text = folderInUseMessage(new DataFolderInUseError(FOLDER, { pid: 4242, url: 'http://localhost:19500', startedAt: STARTED }));
    expect(text.split('\n')[0]).toBe(
      `the data folder ${FOLDER} is in use by another embedkit (pid 4242, started ${STARTED}), at http://localhost:19500/`,
    );
    expect(text).toContain('point commands at it with --url http://localhost:19500 or EMBEDKIT_URL=http://localhost:19500\n');
    expect(text).toContain('kill 4242');
    expect(text).toContain('--data <dir>');
    expect(text).toContain('--in-memory');
  });

  it('says to set the admin token when the holder requires one (never the token)', () => {
    const text = folderInUseMessage(
      new DataFolderInUseError(FOLDER, { pid: 4242, url: 'http://localhost:19500', startedAt: STARTED, adminToken: true }),
    );
    expect(text).toContain('EMBEDKIT_URL=http://localhost:19500 (with its admin token in EMBEDKIT_ADMIN_TOKEN)');
  });

  it('a holder that does not listen: no URL to point at', () => {
    const text = folderInUseMessage(new DataFolderInUseError(FOLDER, { pid: 4242, startedAt: STARTED }));
    expect(text.split('\n')[0]).toMatch(/, not listening$/);
    expect(text).not.toContain('--url');
  });

  it('a holder still starting: its ready lines will give its URL', () => {
    const text = folderInUseMessage(new DataFolderInUseError(FOLDER, undefined));
    expect(text.split('\n')[0]).toContain('in use by another embedkit, starting');
    expect(text).toContain('its ready lines give its URL');
    expect(text).not.toContain('kill');
  });
});
