/** Profile pictures of scenario users: an SVG with the user's initial on a colour from their id. */

const COLOURS = ['#06c755', '#1e88e5', '#8e24aa', '#f4511e', '#00897b', '#6d4c41', '#3949ab', '#c0ca33'];

/** XML-escapes text for an SVG text node. */
function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * An SVG picture for a user.
 * @param size width and height in px (spec part C: `/large` 200x200, `/small` 51x51)
 */
export function avatarSvg(userId: string, displayName: string, size = 200): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const colour = COLOURS[hash % COLOURS.length];
  const initial = escapeXml([...displayName.trim()][0]?.toUpperCase() ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="${colour}"/><text x="50" y="50" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="48" fill="#fff">${initial}</text></svg>`;
}
