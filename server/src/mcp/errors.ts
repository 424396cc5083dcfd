/** A tool call refused before or without a simulator call: its message is the tool's error result. */
export class ToolInputError extends Error {}
