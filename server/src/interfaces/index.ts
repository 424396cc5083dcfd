/**
 * The interfaces' units as plugins (`unit/unit.ts`), in the order of their properties in the
 * scenario file: the scenario loader asks each of them in turn. A new unit is its folder and one
 * line here.
 */
import { blockchainUnit } from './blockchain/index.js';
import { botUnit } from './bot/index.js';
import { embeddedAppsUnit } from './embedded-apps/index.js';
import { linePayUnit } from './line-pay/index.js';
import { miniAppsUnit } from './mini-apps/index.js';
import { socialUnit } from './social/index.js';
import { v1BotsUnit } from './v1-bots/index.js';

/** Every interface's unit, in the order of the scenario file's properties. */
export const UNITS = [socialUnit, v1BotsUnit, botUnit, embeddedAppsUnit, miniAppsUnit, blockchainUnit, linePayUnit] as const;
