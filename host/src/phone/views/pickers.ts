/**
 * The simulated pickers the messenger opens for actions: the date/time picker (datetimepicker
 * action), the camera and the camera roll (quick reply `camera`, `cameraRoll`), the location
 * screen (quick reply `location`) and the call screen (`tel:` URIs). Each is a sheet at the bottom
 * of the phone screen; each answers a promise: what the user picked, or `null` when cancelled.
 *
 * Elements: `#picker[data-picker]` (the backdrop holding the sheet), `#picker-ok`,
 * `#picker-cancel`, `#picker-input` (date/time), `.picker-photo[data-sample]`,
 * `#picker-location-title|address|lat|lng`, `#picker-call-end`.
 */
import { h } from '../../shared/dom.js';
import { mediaSrc, sampleUrl } from '../../shared/safe.js';

/** Datetimepicker modes (spec "Action objects", datetimepicker). */
export type DateTimeMode = 'date' | 'time' | 'datetime';

/** What an `<input>` for a datetimepicker needs. */
export interface DateTimeInputSpec {
  type: 'date' | 'time' | 'datetime-local';
  /** The initial value, in the input's format ("" when none). */
  value: string;
  min: string;
  max: string;
  /** The key of the postback `params` the result goes under. */
  param: 'date' | 'time' | 'datetime';
}

/** Ranges of each mode (spec: date 1900-01-01..2100-12-31, time 00:00..23:59). */
const RANGE: Record<DateTimeMode, [string, string]> = {
  date: ['1900-01-01', '2100-12-31'],
  time: ['00:00', '23:59'],
  datetime: ['1900-01-01T00:00', '2100-12-31T23:59'],
};

const FORMAT: Record<DateTimeMode, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}$/,
};

/** `mode` of a datetimepicker action, or `undefined` when it is none of the three. */
export function dateTimeMode(value: unknown): DateTimeMode | undefined {
  return value === 'date' || value === 'time' || value === 'datetime' ? value : undefined;
}

/**
 * The input for a datetimepicker: `initial`, `min`, `max` are kept when they have the mode's
 * format (`t` is read as `T`), else the mode's range bounds apply; a missing `initial` is `now`
 * (the messenger opens on the current date and time). Pure.
 */
export function dateTimeInputSpec(
  mode: DateTimeMode,
  action: { initial?: unknown; min?: unknown; max?: unknown },
  now: Date,
): DateTimeInputSpec {
  const read = (v: unknown): string | undefined => (typeof v === 'string' && FORMAT[mode].test(v) ? v.replace('t', 'T') : undefined);
  const min = read(action.min) ?? RANGE[mode][0];
  const max = read(action.max) ?? RANGE[mode][1];
  let value = read(action.initial) ?? formatDateTime(mode, now);
  if (value < min) value = min;
  if (value > max) value = max;
  return { type: mode === 'datetime' ? 'datetime-local' : mode, value, min, max, param: mode };
}

/** `date` as the mode writes it, in local time: `YYYY-MM-DD`, `HH:mm` or `YYYY-MM-DDTHH:mm`. */
export function formatDateTime(mode: DateTimeMode, date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const day = `${p(date.getFullYear(), 4)}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
  const time = `${p(date.getHours())}:${p(date.getMinutes())}`;
  return mode === 'date' ? day : mode === 'time' ? time : `${day}T${time}`;
}

/**
 * The picked value as the postback carries it (spec "Events", postback.params), or `null` when
 * the input's value is empty, malformed or out of `[min, max]`. Seconds an input may add are cut.
 */
export function pickedValue(spec: DateTimeInputSpec, raw: string): string | null {
  const mode: DateTimeMode = spec.param;
  const value = mode === 'time' ? raw.slice(0, 5) : mode === 'datetime' ? raw.slice(0, 16) : raw;
  if (!FORMAT[mode].test(value) || value < spec.min || value > spec.max) return null;
  return value;
}

/** A location the user picked on the location screen (a location message's fields). */
export interface LocationPick {
  title: string;
  address: string;
  latitude: number;
  longitude: number;
}

/** The photos the simulated camera and camera roll offer: sample media names. */
export const PICKER_PHOTOS = ['photo-mountain', 'photo-cafe', 'photo-city', 'photo-beach'] as const;

/** Where the location screen starts. */
export const DEFAULT_LOCATION: LocationPick = {
  title: 'embedkit HQ',
  address: '1-1 Sample Street, Chiyoda, Tokyo',
  latitude: 35.681236,
  longitude: 139.767125,
};

/** The pickers of one phone screen. At most one is open; opening another cancels it. */
export class Pickers {
  private current: { root: HTMLElement; cancel(): void } | null = null;

  /** @param screen the positioned phone screen (`#phone-screen`) */
  constructor(private readonly screen: HTMLElement) {}

  /** True while a picker is open. */
  get isOpen(): boolean {
    return this.current !== null;
  }

  /** Closes the open picker as cancelled. */
  close(): void {
    this.current?.cancel();
  }

  /**
   * The date/time picker of a datetimepicker action: an `<input type=date|time|datetime-local>`
   * with the action's initial/min/max. Resolves with the value (`YYYY-MM-DD`, `HH:mm`,
   * `YYYY-MM-DDTHH:mm`) or `null` when cancelled.
   */
  dateTime(mode: DateTimeMode, action: { initial?: unknown; min?: unknown; max?: unknown; label?: unknown }): Promise<string | null> {
    const spec = dateTimeInputSpec(mode, action, new Date());
    const input = h('input', {
      className: 'picker-input',
      attrs: { id: 'picker-input', type: spec.type, min: spec.min, max: spec.max, required: true },
    });
    input.value = spec.value;
    const hint = h('p', { className: 'picker-hint', text: `Between ${spec.min.replace('T', ' ')} and ${spec.max.replace('T', ' ')}` });
    const titles = { date: 'Select date', time: 'Select time', datetime: 'Select date and time' } as const;
    return this.open<string>(
      'datetime',
      typeof action.label === 'string' && action.label ? action.label : titles[mode],
      [input, hint],
      (done) => {
        const ok = this.okButton(() => {
          const value = pickedValue(spec, input.value);
          if (value) done(value);
        });
        const sync = () => {
          ok.disabled = pickedValue(spec, input.value) === null;
        };
        input.addEventListener('input', sync);
        input.addEventListener('change', sync);
        sync();
        setTimeout(() => input.focus(), 0);
        return ok;
      },
    );
  }

  /**
   * The camera (a viewfinder over sample shots) or the camera roll (a grid of sample photos).
   * Resolves with the picked photo's https sample URL, or `null` when cancelled.
   */
  photo(source: 'camera' | 'cameraRoll'): Promise<string | null> {
    const grid = h('div', { className: `picker-photos ${source === 'camera' ? 'camera' : 'roll'}` });
    return this.open<string>(
      source === 'camera' ? 'camera' : 'cameraRoll',
      source === 'camera' ? 'Camera' : 'Camera roll',
      [grid],
      (done) => {
        for (const name of PICKER_PHOTOS) {
          const img = h('img', { attrs: { alt: '', draggable: 'false' } });
          img.src = mediaSrc(sampleUrl(name)) ?? '';
          grid.append(
            h(
              'button',
              {
                className: 'picker-photo',
                attrs: {
                  type: 'button',
                  'data-sample': name,
                  'aria-label': source === 'camera' ? `Take photo: ${name}` : `Choose photo: ${name}`,
                },
                on: { click: () => done(sampleUrl(name)) },
              },
              img,
            ),
          );
        }
        if (source === 'camera') grid.append(h('p', { className: 'picker-hint', text: 'Simulated camera: tap a shot to take it.' }));
        return null;
      },
    );
  }

  /** The location screen: title, address, latitude, longitude. Resolves with them, or `null` when cancelled. */
  location(): Promise<LocationPick | null> {
    const field = (id: string, label: string, value: string, type = 'text') => {
      const input = h('input', { attrs: { id, type, step: type === 'number' ? 'any' : null, required: true } });
      input.value = value;
      return { input, row: h('label', { className: 'picker-field' }, h('span', { text: label }), input) };
    };
    const title = field('picker-location-title', 'Title', DEFAULT_LOCATION.title);
    const address = field('picker-location-address', 'Address', DEFAULT_LOCATION.address);
    const lat = field('picker-location-lat', 'Latitude', String(DEFAULT_LOCATION.latitude), 'number');
    const lng = field('picker-location-lng', 'Longitude', String(DEFAULT_LOCATION.longitude), 'number');
    const map = h('div', { className: 'picker-map', attrs: { 'aria-hidden': 'true' } }, h('span', { className: 'map-pin' }));
    return this.open<LocationPick>('location', 'Share location', [map, title.row, address.row, lat.row, lng.row], (done) => {
      const read = (): LocationPick | null => {
        const latitude = Number(lat.input.value);
        const longitude = Number(lng.input.value);
        const t = title.input.value.trim();
        const a = address.input.value.trim();
        if (!t || !a || t.length > 100 || a.length > 100) return null;
        if (lat.input.value === '' || !Number.isFinite(latitude) || Math.abs(latitude) > 90) return null;
        if (lng.input.value === '' || !Number.isFinite(longitude) || Math.abs(longitude) > 180) return null;
        return { title: t, address: a, latitude, longitude };
      };
      const ok = this.okButton(() => {
        const pick = read();
        if (pick) done(pick);
      }, 'Share');
      for (const f of [title, address, lat, lng]) f.input.addEventListener('input', () => (ok.disabled = read() === null));
      return ok;
    });
  }

  /** The call screen of a `tel:` URI: "Calling <number>" until the user ends the call. */
  call(number: string): Promise<null> {
    const body: HTMLElement[] = [
      h('div', { className: 'call-avatar', attrs: { 'aria-hidden': 'true' } }),
      h('p', { className: 'call-number', text: number, attrs: { id: 'picker-call-number' } }),
      h('p', { className: 'call-status', text: 'Calling… (simulated: no call is made)' }),
    ];
    return this.open<null>('call', 'Calling', body, (done) => {
      const end = h('button', {
        className: 'call-end',
        text: 'End',
        attrs: { id: 'picker-call-end', type: 'button' },
        on: { click: () => done(null) },
      });
      body.push(end);
      return null;
    }).then(() => null);
  }

  private okButton(onClick: () => void, text = 'OK'): HTMLButtonElement {
    return h('button', { className: 'sheet-ok', text, attrs: { id: 'picker-ok', type: 'button' }, on: { click: onClick } });
  }

  /**
   * Shows a sheet titled `title` with `body`; `setup` wires the body and may return the OK button
   * for the header. Resolves with what `done` is given, or `null` on cancel (button, backdrop,
   * Escape, or another picker opening).
   */
  private open<T>(
    kind: string,
    title: string,
    body: HTMLElement[],
    setup: (done: (value: T) => void) => HTMLButtonElement | null,
  ): Promise<T | null> {
    this.close();
    return new Promise<T | null>((resolve) => {
      let settled = false;
      const finish = (value: T | null) => {
        if (settled) return;
        settled = true;
        root.remove();
        if (this.current?.root === root) this.current = null;
        resolve(value);
      };
      const ok = setup((value) => finish(value));
      const sheet = h(
        'section',
        { className: `sheet sheet-${kind}`, attrs: { role: 'dialog', 'aria-label': title } },
        h(
          'header',
          { className: 'sheet-header' },
          // The call screen has no Cancel (only End), but keeps the slot so the title stays centred.
          kind === 'call'
            ? h('span', { className: 'sheet-ok-slot' })
            : h('button', {
                className: 'sheet-cancel',
                text: 'Cancel',
                attrs: { id: 'picker-cancel', type: 'button' },
                on: { click: () => finish(null) },
              }),
          h('h3', { className: 'sheet-title', text: title }),
          ok ?? h('span', { className: 'sheet-ok-slot' }),
        ),
        h('div', { className: 'sheet-body' }, ...body),
      );
      const root = h(
        'div',
        {
          className: 'sheet-backdrop',
          attrs: { id: 'picker', 'data-picker': kind },
          on: {
            click: (event) => {
              if (event.target === root && kind !== 'call') finish(null);
            },
            keydown: (event) => {
              if (event.key === 'Escape' && kind !== 'call') finish(null);
            },
          },
        },
        sheet,
      );
      this.current = { root, cancel: () => finish(null) };
      this.screen.append(root);
    });
  }
}
