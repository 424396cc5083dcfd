/**
 * Horizontal swipe for carousels: touch and trackpads scroll the `overflow-x` scroller natively
 * (with scroll snapping); a mouse drags it. A drag is not a tap: the click that ends it is
 * swallowed so that no action runs.
 */

/** Pixels a pointer must move before a press becomes a drag. */
export const DRAG_THRESHOLD_PX = 6;

/** Lets a mouse drag `scroller` sideways. Returns `scroller`. */
export function enableSwipe(scroller: HTMLElement): HTMLElement {
  let startX = 0;
  let startScroll = 0;
  let pointer: number | null = null;
  let dragged = false;
  scroller.addEventListener('pointerdown', (event) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    pointer = event.pointerId;
    startX = event.clientX;
    startScroll = scroller.scrollLeft;
    dragged = false;
  });
  scroller.addEventListener('pointermove', (event) => {
    if (event.pointerId !== pointer) return;
    const dx = event.clientX - startX;
    if (!dragged && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    if (!dragged) {
      dragged = true;
      scroller.setPointerCapture(event.pointerId);
      scroller.classList.add('dragging');
    }
    scroller.scrollLeft = startScroll - dx;
  });
  const end = (event: PointerEvent) => {
    if (event.pointerId !== pointer) return;
    pointer = null;
    scroller.classList.remove('dragging');
    if (scroller.hasPointerCapture(event.pointerId)) scroller.releasePointerCapture(event.pointerId);
  };
  scroller.addEventListener('pointerup', end);
  scroller.addEventListener('pointercancel', end);
  scroller.addEventListener(
    'click',
    (event) => {
      if (!dragged) return;
      dragged = false;
      event.stopPropagation();
      event.preventDefault();
    },
    true,
  );
  return scroller;
}
