/**
 * The tools of `embedkit mcp`: what a coding agent does as the people of the world and reads of
 * the inspector, each a call of the simulator API through its one client
 * (`contract/src/client.ts`). Input schemas are built from the contract's TypeBox schemas
 * (`contract/src/requests.ts`): a tool's arguments are a route's path parameters beside its body or
 * query, so the agent sees the same field names, limits and enums as the host's calls. Each tool
 * is defined in `./tools/` beside the others on the same part of the world; this list is the order
 * an agent meets them in.
 */
import { openApp, readAppLog } from './tools/apps.js';
import { listBots, listDeliveries, redeliver, triggerEvent, validateMessages } from './tools/bots.js';
import { readTranscriptTool, waitForReply } from './tools/chats.js';
import { advanceClock, clearFaults, listFaults, setFault } from './tools/control.js';
import { decideLinePayPayment, listLinePayPayments } from './tools/line-pay.js';
import { listOrders, payOrder, readNotifications, refundOrder, reviewMiniApp } from './tools/mini-apps.js';
import { answerConsentScreen, listConsentScreens, listGrants } from './tools/consents.js';
import { joinChat, leaveChat, say, setFriendship, tapAction, unsend } from './tools/person.js';
import type { McpTool } from './tools/tool.js';
import { exportScenario, getWorld, importScenario, resetWorld } from './tools/world.js';

/** Every tool of the server, in the order an agent meets them. */
export const TOOLS: readonly McpTool[] = [
  // The world.
  getWorld,
  listBots,

  // Acting as a person.
  say,
  tapAction,
  setFriendship,
  joinChat,
  leaveChat,
  unsend,
  answerConsentScreen,

  openApp,

  // Reading.
  readTranscriptTool,
  listDeliveries,
  listConsentScreens,
  listGrants,

  // Control.
  triggerEvent,
  redeliver,
  advanceClock,
  setFault,
  listFaults,
  clearFaults,
  listOrders,
  payOrder,
  refundOrder,
  readNotifications,
  listLinePayPayments,
  decideLinePayPayment,
  validateMessages,
  exportScenario,
  importScenario,
  resetWorld,
  readAppLog,
  reviewMiniApp,

  // Waiting.
  waitForReply,
];
