/**
 * The platform's current SDK's own types, `Liff` and `LiffPlugin`, as `@line/liff` 2.x publishes
 * them (its `exports.d.ts`), built here from the same packages it builds them from. Why not
 * `import type { Liff } from '@line/liff'`: its `index.d.ts` imports `./exports` without a file
 * extension, which TypeScript's NodeNext resolution (this project's) cannot follow, so every type
 * of it reads as `any` and no check could fail. Bundler resolution (an app's) reads both the same.
 */
import type { Liff as LiffApis } from '@liff/liff-types';
import type { LiffExtendableFunctions } from '@liff/extensions';
import type { LiffPlugin as BaseLiffPlugin, PluginContext } from '@liff/use';

/** `Liff` of `@line/liff`: the `liff` object's methods and modules. */
export interface Liff extends LiffApis, LiffExtendableFunctions {}

/** `LiffPlugin` of `@line/liff`: an object with a `name` and `install({liff, hooks}, option)` returning the plugin's API. */
export type LiffPlugin<Api, Option = never> = BaseLiffPlugin<Api, Option, Liff>;

/** The context `install` gets: the `liff` object and its hooks. */
export type LiffPluginContext = PluginContext<Liff>;

/** `getContext()`'s non-null result. */
export type LiffContext = NonNullable<ReturnType<Liff['getContext']>>;
