/**
 * The LINE Pay sandbox in the scenario file (`linePay`): its merchants (channel ID, secret key,
 * name, region) and the people's LINE Pay wallets (balances by currency, in the currency's units,
 * and a test card). Payments are what happens at run time: a reset forgets them.
 */
import { Type } from '@sinclair/typebox';
import { scenarioSlice } from '../../unit/scenario-slice.js';
import { ScenarioId } from '../../world/scenario.js';
import { CURRENCIES, fromMinor, REGIONS, type Currency } from './rules.js';
import { LinePayStore } from './store.js';

/** The slice `linePay`: merchants unique by channel ID, wallets of declared users, balances in known currencies. */
export const linePayScenario = scenarioSlice({
  name: 'linePay',
  parts: {
    file: {
      // The LINE Pay Online API v3 sandbox (docs/platform/line-pay.md): merchants and the people's wallets.
      linePay: Type.Optional(
        Type.Object(
          {
            merchants: Type.Array(
              Type.Object(
                {
                  channelId: Type.String({ pattern: '^[0-9A-Za-z_-]{1,40}$' }),
                  channelSecret: Type.String({ minLength: 8, maxLength: 200 }),
                  name: Type.String({ minLength: 1, maxLength: 100 }),
                  region: Type.Union(Object.keys(REGIONS).map((r) => Type.Literal(r))),
                  active: Type.Optional(Type.Boolean()),
                },
                { additionalProperties: false },
              ),
            ),
            wallets: Type.Optional(
              Type.Array(
                Type.Object(
                  {
                    userId: ScenarioId,
                    balances: Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1e12 })),
                    card: Type.Optional(
                      Type.Object(
                        { brand: Type.String({ minLength: 1, maxLength: 20 }), last4: Type.String({ pattern: '^[0-9]{4}$' }) },
                        { additionalProperties: false },
                      ),
                    ),
                  },
                  { additionalProperties: false },
                ),
              ),
            ),
          },
          { additionalProperties: false },
        ),
      ),
    },
  },
  problems(s, ids) {
    const lp = s.linePay;
    if (!lp) return [];
    const problems: string[] = [];
    const seen = new Set<string>();
    lp.merchants.forEach((m, i) => {
      if (seen.has(m.channelId)) problems.push(`linePay.merchants[${i}].channelId: ${m.channelId} is listed twice`);
      seen.add(m.channelId);
    });
    (lp.wallets ?? []).forEach((w, i) => {
      if (!ids.users.has(w.userId)) problems.push(`linePay.wallets[${i}].userId: unknown user ${w.userId}`);
      for (const [c, v] of Object.entries(w.balances)) {
        if (!(c in CURRENCIES)) problems.push(`linePay.wallets[${i}].balances.${c}: not a LINE Pay currency (TWD, THB, JPY, USD)`);
        else if (!Number.isInteger(v * 10 ** CURRENCIES[c as Currency]))
          problems.push(`linePay.wallets[${i}].balances.${c}: ${c} takes ${CURRENCIES[c as Currency]} decimal(s)`);
      }
    });
    return problems;
  },
  async seed(s, at) {
    const lp = s.linePay;
    if (!lp) return;
    await new LinePayStore(at.db).seed({
      merchants: lp.merchants.map((m) => ({
        channel_id: m.channelId,
        channel_secret: m.channelSecret,
        name: m.name,
        region: m.region,
        active: m.active === false ? 0 : 1,
      })),
      wallets: (lp.wallets ?? []).map((w) => ({
        user_id: w.userId,
        balances: JSON.stringify(
          Object.fromEntries(Object.entries(w.balances).map(([c, v]) => [c, Math.round(v * 10 ** CURRENCIES[c as Currency])])),
        ),
        card_brand: w.card?.brand ?? 'VISA',
        card_last4: w.card?.last4 ?? '4242',
      })),
    });
  },
  // Merchants and wallets as they are now (balances after today's payments); nothing without merchants.
  async export(db) {
    const store = new LinePayStore(db);
    const merchants = await store.merchants();
    if (!merchants.length) return {};
    const wallets = await store.wallets();
    const linePay = {
      merchants: merchants.map((m) => ({
        channelId: m.channel_id,
        channelSecret: m.channel_secret,
        name: m.name,
        region: m.region,
        ...(m.active ? {} : { active: false }),
      })),
      wallets: wallets.map((w) => ({
        userId: w.user_id,
        balances: Object.fromEntries(
          Object.entries(JSON.parse(w.balances) as Record<string, number>).map(([c, v]) => [c, fromMinor(v, c)]),
        ),
        ...(w.card_brand === 'VISA' && w.card_last4 === '4242' ? {} : { card: { brand: w.card_brand, last4: w.card_last4 } }),
      })),
    };
    return { file: () => ({ linePay }) };
  },
});
