/**
 * The simulator API's units' files (docs/project/simulator-api.md), listed: each holds a unit's
 * routes and the query, body and answer schemas only they use (the server compiles its checks from
 * them, `http/validate.ts`; the clients take their types from them). Import from the unit's file;
 * this list keeps the older name working. A body that carries a message object types it loosely;
 * the platform's validator (`contract/src/messages/`) checks it on the server.
 */
export * from './simulator-api/world.js';
export * from './simulator-api/social/social.js';
export * from './simulator-api/faults.js';
export * from './simulator-api/channel-tokens.js';
export * from './simulator-api/v1-bots.js';
export * from './simulator-api/bot/bot.js';
export * from './simulator-api/bot/insight.js';
export * from './simulator-api/bot/coupons.js';
export * from './simulator-api/bot/memberships.js';
export * from './simulator-api/bot/modules.js';
export * from './simulator-api/mini-apps.js';
export * from './simulator-api/blockchain.js';
export * from './simulator-api/scenario-export.js';
export * from './simulator-api/world-reset.js';
export * from './simulator-api/phones.js';
export * from './simulator-api/lan.js';
export * from './simulator-api/review.js';
