/**
 * The rich message of the enterprise and trial interfaces (spec part E, "Rich message model"): its
 * `contentMetadata` checked against the model's fixed values and bounds, and turned into the
 * imagemap object the host renders (the bot messaging interface's successor of the rich message:
 * the same image at `<DOWNLOAD_URL>/<width>`, the same tappable areas). Pure.
 */
import { invalidField, isObject, url, type Json } from './fields.js';

/** The canvas and image width (fixed). */
export const RICH_WIDTH = 1040;
/** Largest canvas and image height. */
export const RICH_MAX_HEIGHT = 2080;
/** Widths a scene may draw the image at (spec). */
export const RICH_DRAW_WIDTHS = [1040, 700, 460, 300, 240] as const;

function height(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > RICH_MAX_HEIGHT)
    throw invalidField(path, `must be an integer from 1 to ${RICH_MAX_HEIGHT}`);
  return v;
}

function fixed(v: unknown, value: unknown, path: string): void {
  if (v !== value) throw invalidField(path, `must be ${JSON.stringify(value)}`);
}

/**
 * The stored message of a rich message: `{type: "imagemap", baseUrl: DOWNLOAD_URL, altText:
 * ALT_TEXT, baseSize: {width: 1040, height}, actions: [{type: "uri", linkUri, area} | {type:
 * "message", text, area}], richMessage: true}`, one action per listener.
 * @param meta `contentMetadata`: `DOWNLOAD_URL`, `SPEC_REV` ("1"), `ALT_TEXT`, `MARKUP_JSON`
 * @throws ApiError 400 naming the first field that breaks the model (`…MARKUP_JSON.canvas.width`, ...)
 */
export function richMessageBody(meta: Json, path: string): Record<string, unknown> {
  const baseUrl = url(meta.DOWNLOAD_URL, `${path}.DOWNLOAD_URL`);
  if (meta.SPEC_REV !== '1' && meta.SPEC_REV !== 1) throw invalidField(`${path}.SPEC_REV`, 'must be "1"');
  const altText = meta.ALT_TEXT;
  if (typeof altText !== 'string' || altText === '' || altText.length > 400)
    throw invalidField(`${path}.ALT_TEXT`, 'must be a string of 1 to 400 characters');
  const mp = `${path}.MARKUP_JSON`;
  const markup = parseMarkup(meta.MARKUP_JSON, mp);
  const { h, image } = canvasAndImage(markup, mp);
  const actions = checkedActions(markup.actions, `${mp}.actions`);
  const scene = checkedScene(markup.scenes, image, `${mp}.scenes`);
  const sp = `${mp}.scenes.scene1`;
  const listeners = scene.listeners ?? [];
  if (!Array.isArray(listeners)) throw invalidField(`${sp}.listeners`, 'must be an array');
  const out = listeners.map((l: unknown, i: number) => imagemapAction(l, actions, h, `${sp}.listeners[${i}]`));
  return { type: 'imagemap', baseUrl, altText, baseSize: { width: RICH_WIDTH, height: h }, actions: out, richMessage: true };
}

/** `MARKUP_JSON` parsed: a JSON object. @throws ApiError 400 at `mp` */
function parseMarkup(text: unknown, mp: string): Json {
  if (typeof text !== 'string') throw invalidField(mp, 'must be a string holding the rich model as JSON');
  let markup: unknown;
  try {
    markup = JSON.parse(text);
  } catch {
    throw invalidField(mp, 'is not valid JSON');
  }
  if (!isObject(markup)) throw invalidField(mp, 'must be a JSON object with canvas, images, actions and scenes');
  return markup;
}

/** The canvas and its one image, of the same size (width 1040, height at most 2080). @returns the height (px) and the image */
function canvasAndImage(markup: Json, mp: string): { h: number; image: Json } {
  const canvas = markup.canvas;
  if (!isObject(canvas)) throw invalidField(`${mp}.canvas`, 'must be an object');
  fixed(canvas.width, RICH_WIDTH, `${mp}.canvas.width`);
  const h = height(canvas.height, `${mp}.canvas.height`);
  fixed(canvas.initialScene, 'scene1', `${mp}.canvas.initialScene`);
  const images = markup.images;
  if (!isObject(images) || Object.keys(images).length !== 1 || !isObject(images.image1))
    throw invalidField(`${mp}.images`, 'must hold exactly one image, image1');
  const image = images.image1;
  fixed(image.x, 0, `${mp}.images.image1.x`);
  fixed(image.y, 0, `${mp}.images.image1.y`);
  fixed(image.w, RICH_WIDTH, `${mp}.images.image1.w`);
  if (height(image.h, `${mp}.images.image1.h`) !== h)
    throw invalidField(`${mp}.images.image1.h`, 'must equal canvas.height (canvas and image have the same size)');
  return { h, image };
}

/** The action map: each a `web` action with `params.linkUri` or a `sendMessage` action with `params.text`. */
function checkedActions(actions: unknown, path: string): Json {
  if (!isObject(actions)) throw invalidField(path, 'must be an object of action ids to actions');
  for (const [id, a] of Object.entries(actions)) {
    const ap = `${path}.${id}`;
    if (!isObject(a)) throw invalidField(ap, 'must be an object');
    const params = isObject(a.params) ? a.params : {};
    if (a.type === 'web') url(params.linkUri, `${ap}.params.linkUri`);
    else if (a.type === 'sendMessage') {
      if (typeof params.text !== 'string' || params.text === '') throw invalidField(`${ap}.params.text`, 'must be a non-empty string');
    } else throw invalidField(`${ap}.type`, 'must be "web" or "sendMessage"');
    if (a.text !== undefined && typeof a.text !== 'string') throw invalidField(`${ap}.text`, 'must be a string');
  }
  return actions;
}

/** The one scene and its one draw of the image, at a width the app can request. @returns the scene */
function checkedScene(scenes: unknown, image: Json, path: string): Json {
  if (!isObject(scenes) || Object.keys(scenes).length !== 1 || !isObject(scenes.scene1))
    throw invalidField(path, 'must hold exactly one scene, scene1');
  const scene = scenes.scene1;
  const sp = `${path}.scene1`;
  if (!Array.isArray(scene.draws) || scene.draws.length !== 1 || !isObject(scene.draws[0]))
    throw invalidField(`${sp}.draws`, 'must hold exactly one draw');
  const draw = scene.draws[0];
  fixed(draw.image, 'image1', `${sp}.draws[0].image`);
  fixed(draw.x, 0, `${sp}.draws[0].x`);
  fixed(draw.y, 0, `${sp}.draws[0].y`);
  if (!(RICH_DRAW_WIDTHS as readonly unknown[]).includes(draw.w))
    throw invalidField(`${sp}.draws[0].w`, `must be one of ${RICH_DRAW_WIDTHS.join(', ')}`);
  if (draw.w !== image.w) throw invalidField(`${sp}.draws[0].w`, 'must equal the image width');
  height(draw.h, `${sp}.draws[0].h`);
  return scene;
}

/** One touch listener as an imagemap action over its area (a `uri` for `web`, a `message` for `sendMessage`). */
function imagemapAction(l: unknown, actions: Json, h: number, lp: string): Record<string, unknown> {
  if (!isObject(l)) throw invalidField(lp, 'must be an object');
  fixed(l.type, 'touch', `${lp}.type`);
  const p = l.params;
  if (!Array.isArray(p) || p.length !== 4 || !p.every((n) => typeof n === 'number' && Number.isInteger(n) && n >= 0))
    throw invalidField(`${lp}.params`, 'must be [x, y, width, height], four non-negative integers');
  const [x, y, width, hh] = p as [number, number, number, number];
  if (x + width > RICH_WIDTH || y + hh > h) throw invalidField(`${lp}.params`, `must lie inside the ${RICH_WIDTH}x${h} canvas`);
  const id = l.action;
  if (typeof id !== 'string' || !isObject(actions[id]))
    throw invalidField(`${lp}.action`, 'must be the id of an action defined in actions');
  const a = actions[id] as Json;
  const params = a.params as Json;
  const area = { x, y, width, height: hh };
  const label = typeof a.text === 'string' && a.text !== '' ? { label: a.text } : {};
  return a.type === 'web'
    ? { type: 'uri', linkUri: params.linkUri, area, ...label }
    : { type: 'message', text: params.text, area, ...label };
}
