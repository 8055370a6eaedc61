import { describe, expect, it } from 'vitest';
import { INITIAL_DESIGN, setContent } from './design';
import { COALESCE_MS, commit, createHistory, HISTORY_LIMIT, redo, undo } from './history';

const a = INITIAL_DESIGN;
const b = setContent(a, 'b');
const c = setContent(a, 'c');

describe('design history', () => {
  it('undoes and redoes in order, and a new edit drops the redo stack', () => {
    let history = commit(commit(createHistory(a), b, null, 0), c, null, 10);
    history = undo(history);
    expect(history.present).toBe(b);
    history = undo(history);
    expect(history.present).toBe(a);
    expect(undo(history)).toBe(history);
    history = redo(history);
    expect(history.present).toBe(b);
    const branched = commit(history, c, null, 20);
    expect(branched.future).toHaveLength(0);
    expect(redo(branched)).toBe(branched);
  });

  it('ignores a commit that changes nothing', () => {
    const history = createHistory(a);
    expect(commit(history, a, 'k', 0)).toBe(history);
  });

  it('merges edits with the same key inside the pause, not across it', () => {
    let history = commit(createHistory(a), b, 'content', 0);
    history = commit(history, c, 'content', COALESCE_MS - 1);
    expect(history.past).toEqual([a]);
    history = commit(history, b, 'content', 2 * COALESCE_MS);
    expect(history.past).toEqual([a, c]);
    history = commit(history, c, 'field:widthDp', 2 * COALESCE_MS + 1);
    expect(history.past).toEqual([a, c, b]);
  });

  it('starts a fresh undo step after an undo even with the same key', () => {
    let history = commit(createHistory(a), b, 'content', 0);
    history = undo(history);
    history = commit(history, c, 'content', 1);
    expect(history.past).toEqual([a]);
    expect(history.present).toBe(c);
  });

  it('keeps at most HISTORY_LIMIT undo steps', () => {
    let history = createHistory(a);
    for (let i = 0; i < HISTORY_LIMIT + 10; i += 1)
      history = commit(history, setContent(a, `v${i}`), null, i);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]?.content).toBe('v9');
  });
});
