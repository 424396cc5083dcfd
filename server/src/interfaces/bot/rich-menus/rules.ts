/**
 * Pure rules of the rich menu operations (the platform's published rich menu API): the
 * image accepted for a menu, alias IDs and the user lists of bulk link and unlink. Each returns
 * the platform's error text, or null when the input is fine (the image's as a promise: its size
 * reader is loaded at the first image).
 */
/** Reads an image's type and size from its bytes (image-size's `imageSize`); throws when it cannot. */
export type ImageMeasure = (bytes: Uint8Array) => { width?: number; height?: number; type?: string };

/** Largest rich menu image, in bytes (platform: 1 MB). */
export const MAX_RICH_MENU_IMAGE_BYTES = 1024 * 1024;
/** Most users of one bulk link or unlink (platform: 500). */
export const MAX_BULK_USERS = 500;
/** Longest rich menu alias ID (platform: 32 characters of `[A-Za-z0-9_-]`). */
export const MAX_ALIAS_ID_LENGTH = 32;

/** The image types a rich menu accepts. */
export const RICH_MENU_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/**
 * Checks an uploaded rich menu image: JPEG or PNG by its `Content-Type` and by its own bytes, at
 * most 1 MB, and exactly the menu's size (width x height in pixels, read from the image).
 * @param measure reads the image's own type and size
 * @returns the error text (answered 400), or null.
 */
export function richMenuImageProblem(
  contentType: string | undefined,
  data: Buffer,
  size: { width: number; height: number },
  measure: ImageMeasure,
): string | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!(RICH_MENU_IMAGE_TYPES as readonly string[]).includes(type)) return `The content type, ${contentType ?? 'none'}, is not supported`;
  if (data.length === 0) return 'The request body is empty';
  if (data.length > MAX_RICH_MENU_IMAGE_BYTES) return `The image must be at most ${MAX_RICH_MENU_IMAGE_BYTES} bytes`;
  let found: { width?: number; height?: number; type?: string };
  try {
    found = measure(new Uint8Array(data.buffer, data.byteOffset, data.length));
  } catch {
    return 'The image could not be read';
  }
  const foundType = found.type === 'jpg' ? 'image/jpeg' : found.type === 'png' ? 'image/png' : undefined;
  if (foundType !== type) return `The image is not of the content type ${type}`;
  if (found.width !== size.width || found.height !== size.height)
    return `The image must be ${size.width}x${size.height} pixels (the rich menu's size), not ${found.width}x${found.height}`;
  return null;
}

/** Checks a rich menu alias ID. @returns the error text, or null. */
export function aliasIdProblem(aliasId: unknown): string | null {
  if (typeof aliasId !== 'string' || aliasId.length === 0) return 'richMenuAliasId is required';
  if (aliasId.length > MAX_ALIAS_ID_LENGTH) return `richMenuAliasId must be at most ${MAX_ALIAS_ID_LENGTH} characters`;
  if (!/^[A-Za-z0-9_-]+$/.test(aliasId)) return 'richMenuAliasId may contain only A-Z, a-z, 0-9, _ and -';
  return null;
}

/** Checks the `userIds` of a bulk link or unlink: 1 to 500 strings. @returns the error text, or null. */
export function bulkUsersProblem(userIds: unknown): string | null {
  if (!Array.isArray(userIds) || userIds.length === 0) return 'userIds must be an array of 1 to 500 user IDs';
  if (userIds.length > MAX_BULK_USERS) return `userIds must have at most ${MAX_BULK_USERS} items`;
  if (!userIds.every((u) => typeof u === 'string' && u.length > 0)) return 'userIds must hold user IDs';
  return null;
}

/** Most operations of one rich menu batch request (the platform's published limit). */
export const MAX_BATCH_OPERATIONS = 1000;

/**
 * The details of an invalid batch body (`{operations: [...], resumeRequestKey?}`), each with the
 * property it concerns; empty when the shape is right. Whether the menus exist is checked later.
 */
export function batchProblems(body: unknown): { message: string; property: string }[] {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as {
    operations?: unknown;
    resumeRequestKey?: unknown;
  };
  const problems: { message: string; property: string }[] = [];
  if (!Array.isArray(b.operations) || b.operations.length === 0 || b.operations.length > MAX_BATCH_OPERATIONS) {
    problems.push({ message: `must be an array of 1 to ${MAX_BATCH_OPERATIONS} operations`, property: 'operations' });
    return problems;
  }
  b.operations.forEach((op: unknown, i: number) => {
    const o = (typeof op === 'object' && op !== null ? op : {}) as { type?: unknown; from?: unknown; to?: unknown };
    const at = `operations[${i}]`;
    if (o.type !== 'link' && o.type !== 'unlink' && o.type !== 'unlinkAll')
      return void problems.push({ message: 'must be one of link, unlink, unlinkAll', property: `${at}.type` });
    if (o.type !== 'unlinkAll' && typeof o.from !== 'string') problems.push({ message: 'must be a rich menu ID', property: `${at}.from` });
    if (o.type === 'link' && typeof o.to !== 'string') problems.push({ message: 'must be a rich menu ID', property: `${at}.to` });
  });
  if (
    b.resumeRequestKey !== undefined &&
    (typeof b.resumeRequestKey !== 'string' || b.resumeRequestKey.length === 0 || b.resumeRequestKey.length > 100)
  )
    problems.push({ message: 'must be a string of 1 to 100 characters', property: 'resumeRequestKey' });
  return problems;
}
