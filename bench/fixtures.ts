/** Message bodies the benchmarks measure with. */

/** A typical sendMessages or push body: 5 messages of mixed kinds. */
export const typical = {
  messages: [
    { type: 'text', text: 'Hello, world' },
    { type: 'sticker', packageId: '446', stickerId: '1988' },
    { type: 'image', originalContentUrl: 'https://example.com/a.jpg', previewImageUrl: 'https://example.com/a-preview.jpg' },
    { type: 'location', title: 'Office', address: '1-1 Example, Tokyo', latitude: 35.68, longitude: 139.76 },
    {
      type: 'template',
      altText: 'Choose',
      template: { type: 'confirm', text: 'Are you sure?', actions: [{ type: 'message', label: 'Yes', text: 'yes' }, { type: 'message', label: 'No', text: 'no' }] },
    },
  ],
};

/** A bubble of about 4.9KB, so that 10 of them approach the carousel's 50KB limit. */
function bubble(i: number): object {
  const rows = Array.from({ length: 20 }, (_, j) => ({
    type: 'box',
    layout: 'horizontal',
    contents: [
      { type: 'text', text: `Item ${i}-${j} with a description long enough`, size: 'sm', color: '#555555', flex: 0 },
      { type: 'text', text: `$${j}.00`, size: 'sm', color: '#111111', align: 'end' },
    ],
  }));
  return {
    type: 'bubble',
    hero: { type: 'image', url: `https://example.com/${i}.png`, size: 'full', aspectRatio: '20:13', aspectMode: 'cover' },
    body: { type: 'box', layout: 'vertical', spacing: 'sm', contents: [{ type: 'text', text: `Receipt ${i}`, weight: 'bold', size: 'xl' }, { type: 'separator', margin: 'md' }, ...rows] },
    footer: { type: 'box', layout: 'vertical', contents: [{ type: 'button', style: 'primary', action: { type: 'uri', label: 'Open', uri: 'https://example.com' } }] },
  };
}

/** A flex carousel of 10 bubbles, close to the 50KB limit (spec: carousel at most 50KB). */
export const maximal = { messages: [{ type: 'flex', altText: 'Receipts', contents: { type: 'carousel', contents: Array.from({ length: 10 }, (_, i) => bubble(i)) } }] };

