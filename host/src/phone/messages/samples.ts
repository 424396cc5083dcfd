/**
 * One set of sample messages per kind (`<kind>/samples.ts`), valid and typed with the SDK's
 * message types: the demo app's gallery (`demo/app/src/gallery.ts`), the Simulator tab's examples
 * (`host/src/message-preview/samples.ts`) and the tests (`server/test/fixtures/messages.ts`) all take
 * them from here. A leaf: only the SDK's types and the sample media URLs, so both browser bundles
 * and the tests can import it.
 */
export * from './audio/samples.js';
export * from './coupon/samples.js';
export * from './flex/samples.js';
export * from './image/samples.js';
export * from './imagemap/samples.js';
export * from './location/samples.js';
export * from './sticker/samples.js';
export * from './template/samples.js';
export * from './text/samples.js';
export * from './text-v2/samples.js';
export * from './video/samples.js';
