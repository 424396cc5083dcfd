/** `location`: a card with a drawn map, the title, the address and a link to the map page. */
import { h } from '../../../shared/dom.js';
import type { DrawContext, Json, KindView } from '../kind.js';
import { str, tappable } from '../parts.js';

/** The map page of a location: OpenStreetMap centred on it. */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lng = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/** `location`: a card with a drawn map, the title, the address and a link to the map page. */
function renderLocation(m: Json, handlers: DrawContext): HTMLElement {
  const lat = typeof m.latitude === 'number' && Number.isFinite(m.latitude) ? m.latitude : null;
  const lng = typeof m.longitude === 'number' && Number.isFinite(m.longitude) ? m.longitude : null;
  const openMap = lat !== null && lng !== null ? () => handlers.onAction({ type: 'uri', uri: mapUrl(lat, lng) }) : null;
  const link = h('a', { className: 'm-link m-map-link', text: 'Open map' });
  if (openMap && lat !== null && lng !== null) {
    link.href = mapUrl(lat, lng);
    link.rel = 'noopener noreferrer';
    link.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      openMap();
    });
  }
  const node = h(
    'div',
    { className: 'm-card m-location' },
    h(
      'div',
      { className: 'm-map', attrs: { 'aria-hidden': 'true' } },
      h('span', { className: 'map-pin' }),
      h('span', { className: 'm-map-coords', text: lat !== null && lng !== null ? `${lat.toFixed(4)}, ${lng.toFixed(4)}` : '' }),
    ),
    h(
      'div',
      { className: 'm-card-body' },
      h('div', { className: 'm-loc-title', text: str(m.title) }),
      h('div', { className: 'm-loc-address', text: str(m.address) }),
      openMap ? link : null,
    ),
  );
  return openMap ? tappable(node, `Map of ${str(m.title)}`, openMap) : node;
}

/** `location`: the chat list says "Location: <title>"; its plain card shows title and address. */
export const location: KindView = {
  label: () => 'Location',
  draw: (m, context) => ({ node: renderLocation(m, context), wide: false }),
  preview: (m) => (str(m.title) ? `Location: ${str(m.title)}` : 'Location'),
  cardText: (m) => [str(m.title), str(m.address)].filter(Boolean).join('\n') || 'Location',
};
