/**
 * What the chat and the flex layout show in place of a message picture they may not or cannot
 * load, so both draw the same placeholder.
 */

/**
 * The placeholder of a picture that cannot be shown: a `span.broken` with the picture's classes
 * and inline style, so it takes the same box (an `<img>` without a picture would show the
 * browser's broken-image icon).
 */
export function brokenPicture(img: HTMLImageElement): HTMLElement {
  const span = document.createElement('span');
  span.className = `${img.className} broken`;
  span.style.cssText = img.style.cssText;
  span.setAttribute('role', 'img');
  span.setAttribute('aria-label', 'Picture not available');
  return span;
}
