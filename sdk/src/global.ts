/**
 * Script-tag entry (`<script src=".../embed.js">`, built as an IIFE): puts the SDK on
 * `window.embed`. Same object as the ESM entry's `embed`; see {@link Embed} for the methods.
 */
import { capture } from './capture.js';
import { embed, type Embed } from './index.js';

declare global {
  interface Window {
    /** The embedkit SDK, set by the script-tag build. */
    embed: Embed;
  }
}

window.embed = embed;
// The script tag loads before the app's own code: from here on its console and requests are kept.
capture();
