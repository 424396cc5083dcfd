/**
 * How the plugin's members get onto the `liff` object so that they stay embedkit's: the full SDK
 * (`@line/liff`) has every method from the start, the pluggable one (`@line/liff/core`) adds each
 * with its module, possibly after the plugin, and would otherwise put its own method back.
 */

/**
 * Puts embedkit's `value` in `liff[key]`, so that it stays there whatever the app installs after the
 * plugin. The pluggable SDK (`@line/liff/core`) adds each method with its module
 * (`liff.use(new GetProfile())`), by assigning it to the object; a module added after the plugin
 * would put the SDK's own method back, which asks the LIFF server for what the host answers. So the
 * member is an accessor: the module's assignment only says the member is now there. In the
 * pluggable SDK a member whose module is not added yet (`present` false) reads undefined, as without
 * the plugin. A member the SDK made read-only stays the SDK's own.
 */
export function plugInto(liff: Record<string, unknown>, key: string, value: unknown, present: boolean): void {
  try {
    Object.defineProperty(liff, key, {
      configurable: true,
      enumerable: true,
      get: () => (present ? value : undefined),
      set: () => {
        present = true;
      },
    });
  } catch {
    assign(liff, key, value);
  }
}

/** `liff[key] = value`; a member the SDK made read-only stays the SDK's own. */
export function assign(liff: Record<string, unknown>, key: string, value: unknown): void {
  try {
    liff[key] = value;
  } catch {
    // Read-only: the SDK's own.
  }
}

/**
 * Whether `liff` is the pluggable SDK (`@line/liff/core`), which has a method only once its module is
 * added: the full SDK (`@line/liff`) always has these, core has none of them until the app adds them.
 */
export function isPluggableSdk(liff: Record<string, unknown>): boolean {
  return ['getOS', 'getLanguage', 'isInClient', 'isLoggedIn', 'getProfile', 'sendMessages', 'closeWindow', 'openWindow'].some(
    (k) => liff[k] === undefined,
  );
}
