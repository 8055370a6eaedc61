import { describe, expect, it } from 'vitest';
import { MAX_ATTACHED_LOG_LINES } from '../../../shared/api/evidence';
import { ATTACHED_LOG_BUDGET_BYTES, windowLines } from './AttachLogcatWindow';

const line = (index: number, width = 60) =>
  `1767225600.${String(index % 1000).padStart(3, '0')}  42  42 I Tag: ${'m'.repeat(width)} ${index}`;

describe('windowLines', () => {
  it('splits the export header from the lines shown', () => {
    const text = `# export of s\n# query: level:E; 2 of 9 lines\n${line(1)}\n${line(2)}\n`;
    expect(windowLines(text)).toEqual({
      header: ['export of s', 'query: level:E; 2 of 9 lines'],
      lines: [line(1), line(2)],
      leftOut: 0,
    });
  });

  it('keeps the newest lines within the line cap and the byte budget, counting what it left out', () => {
    const many = Array.from({ length: MAX_ATTACHED_LOG_LINES + 10 }, (_, index) => `1.000 1 1 I T: ${index}`);
    const capped = windowLines(`# h\n${many.join('\n')}\n`);
    expect(capped.lines).toHaveLength(MAX_ATTACHED_LOG_LINES);
    expect(capped.lines.at(-1)).toBe(many.at(-1));
    expect(capped.leftOut).toBe(10);
    const wide = Array.from({ length: 1000 }, (_, index) => line(index, 400));
    const budget = windowLines(wide.join('\n'));
    expect(budget.lines.join('\n').length).toBeLessThanOrEqual(ATTACHED_LOG_BUDGET_BYTES);
    expect(budget.lines.at(-1)).toBe(wide.at(-1));
    expect(budget.leftOut).toBe(1000 - budget.lines.length);
  });
});
