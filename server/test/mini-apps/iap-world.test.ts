// LINE MINI App in-app purchase in the world: a scenario's products per store and webhook URL, the
// default world's MINI App selling its items, both written back by export as declared, and the
// scenario's own mistakes refused by name.
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedkit, type Embedkit } from '../../src/kit/embedkit.js';
import { readScenario, scenarioProblems } from '../../src/scenario/load.js';
import { readWorldRows, scenarioOf } from '../../src/scenario/export.js';
import { onTestDatabase } from '../helpers.js';

const SCENARIO = fileURLToPath(new URL('../fixtures/iap.json', import.meta.url));
const DEFAULT_WORLD = fileURLToPath(new URL('../../scenarios/default.json', import.meta.url));

let kit: Embedkit | undefined;
afterEach(async () => {
  await kit?.close();
  kit = undefined;
});

async function exported(scenarioFile: string) {
  kit = await createEmbedkit(onTestDatabase({ inMemory: true, scenarioFile, logger: pino({ level: 'silent' }) }));
  return scenarioOf(await readWorldRows(kit.db));
}

describe('in-app purchase in the scenario', () => {
  it('exports each MINI App’s products and webhook URL as the scenario declared them', async () => {
    const world = await exported(SCENARIO);
    const declared = await readScenario(SCENARIO);
    expect(world.apps.map((a) => a.miniApp?.inAppPurchase)).toEqual(declared.apps.map((a) => a.miniApp?.inAppPurchase));
    expect(world.apps[3]!.miniApp!.inAppPurchase).toEqual({ products: [expect.objectContaining({ productId: 'iap_ln_002' })] });
    expect(scenarioProblems(world)).toEqual([]);
  });

  it('has the default world’s LIFF demo sell coins in yen on both stores', async () => {
    const world = await exported(DEFAULT_WORLD);
    const demo = world.apps.find((a) => a.embedId === '1650000001-liffapp1')!;
    expect(demo.miniApp!.inAppPurchase!.products[0]).toEqual({
      productId: 'iap_ln_002',
      appStore: { currency: 'JPY', price: 100, productName: '100 Coins' },
      googlePlay: { currency: 'JPY', price: 100, productName: '100 Coins' },
    });
  });

  it('refuses a product ID declared twice and a currency that is not ISO 4217', async () => {
    const s = await readScenario(SCENARIO);
    const products = s.apps[0]!.miniApp!.inAppPurchase!.products;
    products.push({ ...products[0]! });
    expect(scenarioProblems(s)).toEqual(['apps[0].miniApp.inAppPurchase.products[2].productId: iap_ln_002 is declared twice']);
    const raw = JSON.parse(JSON.stringify(s)) as {
      apps: { miniApp?: { inAppPurchase?: { products: { appStore: { currency: string } }[] } } }[];
    };
    raw.apps[0]!.miniApp!.inAppPurchase!.products[0]!.appStore.currency = 'yen';
    expect(scenarioProblems(raw as never).join('\n')).toMatch(/currency/);
  });
});
