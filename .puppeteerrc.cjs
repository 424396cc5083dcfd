/**
 * puppeteer (a dependency of the platform's MCP server, @line/line-bot-mcp-server, a devDependency)
 * downloads a browser when installed; embedkit's tests never start it, and an install with only the
 * npm registry reachable must pass.
 */
module.exports = { skipDownload: true };
