// Shared by the background-work parsers: a dump's lines, indentation blocks and the bounded list of matching lines
// (`limit` per Android service) kept as raw evidence.

/** The dump's lines without carriage returns. */
export function dumpLines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/\r$/, ''));
}

export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** The index after the block that starts at `start`: the following lines indented deeper than it (blank ones too). */
export function blockEnd(lines: readonly string[], start: number): number {
  const indent = indentOf(lines[start] ?? '');
  let index = start + 1;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (line.trim() !== '' && indentOf(line) <= indent) break;
    index += 1;
  }
  // A block does not own the blank lines that end it.
  while (index > start + 1 && (lines[index - 1] ?? '').trim() === '') index -= 1;
  return index;
}

/** The raw evidence of one service: the matching lines in dump order, at most `limit`. */
export interface MatchedRows {
  rows: string[];
  /** Lines that matched before the cap. */
  matched: number;
  limit: number;
  limit_reached: boolean;
}

/** Lines whose index is in `picked` or that contain `needle`, in dump order, capped at `limit`. */
export function matchedRows(
  lines: readonly string[],
  picked: ReadonlySet<number>,
  needle: string,
  limit: number,
): MatchedRows {
  const matching = lines.filter((line, index) => picked.has(index) || line.includes(needle));
  return {
    rows: matching.slice(0, limit),
    matched: matching.length,
    limit,
    limit_reached: matching.length > limit,
  };
}

/** `true`/`false` as a boolean, anything else null. */
export function booleanOf(text: string | undefined): boolean | null {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return null;
}

/** Space-separated constraint names, without the `[0x...]` mask newer releases append. */
export function constraintNames(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && !/^\[0x[0-9a-f]+\]$/i.test(word));
}
