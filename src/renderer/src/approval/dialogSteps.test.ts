import { describe, expect, it } from 'vitest';
import { answerOf, dialogButtons } from './dialogSteps';

const focused = (strength: 'normal' | 'strong', confirming: boolean) =>
  dialogButtons(strength, confirming).filter((button) => button.focused);

describe('approval dialog steps', () => {
  it('focuses Approve for a normal request, which approves in one step', () => {
    expect(focused('normal', false).map((button) => button.action)).toEqual(['approve']);
    expect(answerOf('approve')).toEqual({ approved: true });
  });

  it('never focuses a button that approves a strong request, and approves it only from the second step', () => {
    for (const confirming of [false, true]) {
      const [only] = focused('strong', confirming);
      expect(only).toBeDefined();
      expect(answerOf(only?.action ?? 'refuse')?.approved ?? false).toBe(false);
    }
    const first = dialogButtons('strong', false).map((button) => button.action);
    expect(first).toEqual(['refuse', 'confirm-step']);
    expect(first.map(answerOf).filter((answer) => answer?.approved === true)).toEqual([]);
    const second = dialogButtons('strong', true).map((button) => button.action);
    expect(second.map(answerOf)).toContainEqual({ approved: true, confirmed: true });
    expect(second.map(answerOf)).not.toContainEqual({ approved: true });
  });

  it('refuses with Refuse on every step', () => {
    for (const [strength, confirming] of [
      ['normal', false],
      ['strong', false],
      ['strong', true],
    ] as const)
      expect(dialogButtons(strength, confirming)[0]).toMatchObject({ label: 'Refuse', action: 'refuse' });
    expect(answerOf('refuse')).toEqual({ approved: false });
  });
});
