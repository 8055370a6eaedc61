// Ids of the executions the servers build themselves (Serve's /snapshot and /screenshot, MCP tools).

/** `<prefix>-<epochMs>-<7 base36 chars>`; the suffix keeps two requests in one millisecond apart. */
export function newExecutionId(prefix: string, nowMs: number, random: () => number = Math.random): string {
  const suffix = Math.floor(random() * 36 ** 7)
    .toString(36)
    .padStart(7, '0');
  return `${prefix}-${nowMs}-${suffix}`;
}
