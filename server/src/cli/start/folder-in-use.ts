/**
 * What `embedkit start` says when another embedkit holds its data folder (`db/data-folder-lock.ts`):
 * who holds it, where it answers, and what to do instead: use that one (the commands' `--url` /
 * `EMBEDKIT_URL`), stop it, or start on another folder or in memory.
 */
import { ADMIN_TOKEN_ENV } from '../../http/guards/admin-token.js';
import { checkDataFolderFree, DataFolderInUseError } from '../../db/data-folder-lock.js';

/**
 * The refusal's lines (no `embedkit: ` prefix; the first says who holds the folder).
 * @param e the refusal, with the folder and its holder (undefined while the holder is starting)
 */
export function folderInUseMessage(e: DataFolderInUseError): string {
  const { folder, holder } = e;
  const lines = [
    holder
      ? `the data folder ${folder} is in use by another embedkit (pid ${holder.pid}, started ${holder.startedAt})` +
        (holder.url ? `, at ${holder.url}/` : ', not listening')
      : `the data folder ${folder} is in use by another embedkit, starting (its process ID and URL are not written yet)`,
    'One data folder serves one embedkit at a time: each keeps rows in memory, and a second one would answer from stale ones. Instead:',
  ];
  if (!holder) lines.push('  - use that one: its ready lines give its URL; point commands at it with --url <URL> or EMBEDKIT_URL');
  else if (holder.url) {
    const token = holder.adminToken ? ` (with its admin token in ${ADMIN_TOKEN_ENV})` : '';
    lines.push(
      `  - use that one: open ${holder.url}/; point commands at it with --url ${holder.url} or EMBEDKIT_URL=${holder.url}${token}`,
      `    (e.g. npx embedkit export world.json --url ${holder.url})`,
    );
  }
  lines.push(
    `  - or stop it first (Ctrl-C in its terminal${holder ? `, or kill ${holder.pid}` : ''}), then start again`,
    '  - or start this one on another folder (--data <dir>) or in memory (--in-memory)',
  );
  return lines.join('\n');
}

/**
 * The refusal's lines when a kit holds `folder`, else undefined: a start looks before it listens,
 * so that it names the folder's holder rather than a port that one holds too. A lock file that
 * cannot be read is left to the start, whose opening of the folder says what is wrong with it.
 */
export function folderInUse(folder: string): string | undefined {
  try {
    checkDataFolderFree(folder);
    return undefined;
  } catch (e) {
    return e instanceof DataFolderInUseError ? folderInUseMessage(e) : undefined;
  }
}
