// moved: kept until the host imports the contract directly
export * from '#contract/bridge/protocol.js';
