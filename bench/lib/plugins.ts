/**
 * The rollup plugins the bench bundles with, as callable functions. Their packages ship CommonJS
 * typings, whose default export NodeNext sees as the module object; at run time it can be either.
 */
import commonjsModule from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terserModule from '@rollup/plugin-terser';
import typescriptModule from '@rollup/plugin-typescript';

type DefaultOf<T> = T extends { default: infer D } ? D : T;
const callable = <T>(mod: T): DefaultOf<T> => ((mod as { default?: unknown }).default ?? mod) as DefaultOf<T>;

export const commonjs = callable(commonjsModule);
export const terser = callable(terserModule);
export const typescript = callable(typescriptModule);
export { nodeResolve };
