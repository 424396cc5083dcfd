/**
 * The module a dev-server integration (`embedkit/vite`, `embedkit/next`) puts in place of the app's
 * `@line/liff`: the same SDK object, with embedkit's plugin installed before the app can call it.
 */

/**
 * The module's source: `embedkit/liff` first (its web storage must exist before `@line/liff` reads
 * it), then the real SDK, `liff.use(new EmbedkitPlugin({server}))`, and the SDK's own exports
 * (`default` and `liff`, as `@line/liff`'s ES module has them). A second `liff.use` of the plugin
 * in the app is a no-op: `@line/liff` installs a plugin name once.
 * @param pluginImport how the module imports `embedkit/liff`
 * @param sdkImport how the module imports the real SDK (a specifier no alias of the integration redirects)
 * @param server the embedkit origin the app's LIFF calls go to
 */
export function wrapperSource(pluginImport: string, sdkImport: string, server: string): string {
  return [
    `import { EmbedkitPlugin } from ${JSON.stringify(pluginImport)};`,
    `import liff from ${JSON.stringify(sdkImport)};`,
    `liff.use(new EmbedkitPlugin({ server: ${JSON.stringify(server)} }));`,
    'export default liff;',
    'export { liff };',
    '',
  ].join('\n');
}
