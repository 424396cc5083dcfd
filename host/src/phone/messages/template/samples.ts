/** Sample template messages: one of each template type. */
import type { CarouselTemplate, MessageAction, TemplateMessage } from '#contract/bridge/messages.js';
import { sampleUrl } from '../../../shared/safe.js';

/** A buttons template with a picture, a default action and an action of each kind (a date picker too). */
export const BUTTONS_TEMPLATE: TemplateMessage = {
  type: 'template',
  altText: 'Menu of the day: please select',
  template: {
    type: 'buttons',
    thumbnailImageUrl: sampleUrl('photo-mountain'),
    imageAspectRatio: 'rectangle',
    imageSize: 'cover',
    imageBackgroundColor: '#FFFFFF',
    title: 'Menu of the day',
    text: 'Please select',
    defaultAction: { type: 'uri', label: 'View detail', uri: 'https://example.com/menu' },
    actions: [
      { type: 'postback', label: 'Buy', data: 'action=buy&itemid=123', displayText: 'Buy it' },
      { type: 'message', label: 'Add to cart', text: 'Add to cart' },
      { type: 'uri', label: 'View detail', uri: 'https://example.com/page/123' },
      {
        type: 'datetimepicker',
        label: 'Pick a date',
        data: 'action=pick-date',
        mode: 'date',
        initial: '2025-06-15',
        min: '2025-01-01',
        max: '2025-12-31',
      },
    ],
  },
};

/** A carousel column of a place: its picture, name and line, and buttons to book it (a postback) or read more (a link). */
function placeColumn(photo: string, title: string, text: string): CarouselTemplate['columns'][number] {
  const slug = title.toLowerCase();
  return {
    thumbnailImageUrl: sampleUrl(photo),
    title,
    text,
    actions: [
      { type: 'postback', label: 'Book', data: `book=${slug}` },
      { type: 'uri', label: 'More', uri: `https://example.com/${slug}` },
    ],
  };
}

/** A carousel of three places, each with a picture and two buttons. */
export const CAROUSEL_TEMPLATE: TemplateMessage = {
  type: 'template',
  altText: 'Three places to visit',
  template: {
    type: 'carousel',
    imageAspectRatio: 'rectangle',
    imageSize: 'cover',
    columns: [
      placeColumn('photo-mountain', 'Mountains', 'Fresh air and long walks'),
      placeColumn('photo-beach', 'Beach', 'Sunsets every evening'),
      placeColumn('photo-city', 'City', 'Lights, food and music'),
    ],
  },
};

/** An image carousel of three pictures: a message, a postback and a link. */
export const IMAGE_CAROUSEL_TEMPLATE: TemplateMessage = {
  type: 'template',
  altText: 'Pick a picture',
  template: {
    type: 'image_carousel',
    columns: [
      { imageUrl: sampleUrl('photo-cafe'), action: { type: 'message', label: 'Coffee', text: 'Coffee, please' } },
      { imageUrl: sampleUrl('photo-beach'), action: { type: 'postback', label: 'Beach', data: 'pick=beach' } },
      { imageUrl: sampleUrl('photo-city'), action: { type: 'uri', label: 'City', uri: 'https://example.com/city' } },
    ],
  },
};

/** The two answers of {@link CONFIRM_TEMPLATE}. */
export const YES_NO: MessageAction[] = [
  { type: 'message', label: 'Yes', text: 'yes' },
  { type: 'message', label: 'No', text: 'no' },
];

/** A confirm template: a question and yes / no. */
export const CONFIRM_TEMPLATE: TemplateMessage = {
  type: 'template',
  altText: 'Are you sure?',
  template: { type: 'confirm', text: 'Are you sure?', actions: YES_NO },
};
