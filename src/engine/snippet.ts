/**
 * How much of a result is shown before it is opened, the same in the app's result list and
 * in the MCP server's search results.
 */

/** Lines of a result's snippet. */
export const SNIPPET_LINES = 8;
/** Characters kept per snippet line: the rest of a minified line is not worth shipping. */
export const SNIPPET_LINE_CHARS = 240;
