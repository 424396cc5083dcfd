// Marks the contract's schema builders' calls pure for the browser bundles: TypeBox's `Type.*`
// and the contract's own builders (contract/src/schema-builders.ts) only make schema objects, so
// a schema the bundle never reads can go. Rollup cannot see that by itself: `Type` is a namespace
// whose builders go through TypeBox's shared helpers, and the whole library stayed in the host's
// script for schemas it never reads.
const BUILDERS = ['StringEnum', 'Nullable', 'Obj', 'Enum', 'Str', 'ShortStr', 'HttpsUrl', 'ActionUri', 'HexColor', 'Int'];
// `list.map(...)` too: the contract maps its lists of names to literals (`Type.Union(KINDS.map(Type.Literal))`),
// and a call in an argument keeps the call around it.
const CALL = new RegExp(`(?<![\\w.$])(Type\\.[A-Za-z]+|[A-Za-z_$][\\w$]*\\.map|${BUILDERS.join('|')})\\(`, 'g');

/** A rollup plugin: `/*#__PURE__*\/` before each schema builder's call in the contract's modules (after TypeScript). */
export function pureSchemas() {
  return {
    name: 'pure-schemas',
    transform(code, id) {
      if (!id.includes('/contract/src/')) return null;
      return { code: code.replace(CALL, '/*#__PURE__*/ $1('), map: null };
    },
  };
}
