// Issue 14 defect 9: validation in a person's words — the offending placeholder by name, the reader's field name,
// one range notation — while the canonical message (the reference's wording) stays as it is.
import { describe, expect, it } from 'vitest';
import { humanIssueMessage, inReaderWords, rangeText } from './humanMessage';
import { validateExecution } from './validateExecution';
import { checkSetParams, collectSetParamsIssues } from './validateSetParams';

function firstIssue(params: unknown) {
  const checked = checkSetParams(params);
  if (checked.ok) throw new Error('expected an issue');
  return checked.issue;
}

describe('humanIssueMessage', () => {
  it('writes ranges one way, with the name and unit the reader knows', () => {
    const issue = firstIssue({ text: 'x', widthDp: 700 });
    expect(issue.message).toBe('set_on_screen_log params.widthDp must be in [80, 600]');
    expect(humanIssueMessage(issue, { label: 'Width', unit: 'dp' })).toBe(
      'Width must be between 80 and 600 dp',
    );
    expect(humanIssueMessage(issue, { label: '--width-dp' })).toBe('--width-dp must be between 80 and 600');
    expect(
      humanIssueMessage(firstIssue({ text: 'x', fontSizeSp: 1.5 }), { label: 'Font size', unit: 'sp' }),
    ).toBe('Font size must be a whole number between 8 and 24 sp');
    expect(rangeText(1000, 3600000)).toBe('between 1,000 and 3,600,000');
  });

  it('names the offending placeholder, an unclosed {{ and a stray }}', () => {
    const label = { label: 'Template' };
    const unknown = firstIssue({ template: 'App {{device.model}} {{foo}} end' });
    expect(unknown.message).toMatch(/^Invalid template placeholder; supported names: /);
    expect(humanIssueMessage(unknown, label)).toMatch(
      /^Template: \{\{foo\}\} is not a placeholder; use one of \{\{foreground_app\.icon\}\}, /,
    );
    expect(humanIssueMessage(firstIssue({ template: 'x }} y' }), label)).toBe(
      'Template: the }} at character 3 closes nothing; write }}}} for a literal }}',
    );
    expect(humanIssueMessage(firstIssue({ template: '{{device.model' }), label)).toBe(
      'Template: the {{ at character 1 is never closed with }}; write {{{{ for a literal {{',
    );
  });

  it('keeps the rule of issues without an explanation after the reader name', () => {
    const [issue] = collectSetParamsIssues({ text: 'x', textColor: 'red' });
    if (issue === undefined) throw new Error('expected an issue');
    expect(humanIssueMessage(issue, { label: '--text-color' })).toBe(
      '--text-color must be exactly #RRGGBB or #AARRGGBB',
    );
  });
});

describe('inReaderWords', () => {
  const payload = (params: unknown) => ({
    commandId: 'c',
    taskId: 't',
    source: 's',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 30000,
    actions: [
      { id: 'c', type: 'clear_on_screen_log' },
      { id: 's', type: 'set_on_screen_log', params },
    ],
  });
  const worded = (execution: unknown) => {
    const result = validateExecution(execution);
    if (result.ok) throw new Error('expected a failure');
    return {
      before: result.error,
      after: inReaderWords(result.error, execution, (_f, path) => ({ label: path })),
    };
  };

  it('rewords the message only, by the action the path names', () => {
    const { before, after } = worded(payload({ text: 'x', fontSizeSp: 30 }));
    expect(after).toEqual({ ...before, message: 'actions.1.params.fontSizeSp must be between 8 and 24' });
  });

  it('leaves errors it cannot re-derive exactly as they are', () => {
    const timeout = { ...payload({ text: 'x' }), timeoutMs: 1 };
    const { before, after } = worded(timeout);
    expect(after).toBe(before);
  });
});
