// Postcondition helpers: the focused window's owner from mCurrentFocus, and the tree digest verify_change compares.
import { describe, expect, it } from 'vitest';
import type { UiTree } from '../uiTree';
import { fail } from '../../../shared/errors';
import { observeAfterAction, parseFocusLine, treeDigest, type ObservePorts } from './verify';

describe('parseFocusLine', () => {
  it('reads the package and component of a focused activity window', () => {
    expect(parseFocusLine('Window{1c59162 u0 com.atlasmaps.app/com.atlasmaps.app.MapActivity}')).toEqual({
      package: 'com.atlasmaps.app',
      component: 'com.atlasmaps.app/com.atlasmaps.app.MapActivity',
      line: 'Window{1c59162 u0 com.atlasmaps.app/com.atlasmaps.app.MapActivity}',
    });
  });

  it('reads a package-titled window as its package, and a system window title as no package', () => {
    expect(parseFocusLine('Window{5f1 u0 com.example.app}')).toMatchObject({
      package: 'com.example.app',
      component: null,
    });
    expect(parseFocusLine('Window{5f1 u0 NotificationShade}')).toMatchObject({
      package: null,
      component: null,
    });
  });

  it('reports nothing focused as nulls, never as a package', () => {
    expect(parseFocusLine('null')).toEqual({ package: null, component: null, line: 'null' });
    expect(parseFocusLine(null)).toEqual({ package: null, component: null, line: null });
  });
});

describe('treeDigest', () => {
  const tree = (text: string, focused = false): UiTree => ({
    status: 'complete',
    source: 'uiautomator',
    node_count: 1,
    truncated: false,
    mode: 'full',
    nodes: [
      {
        index: 0,
        parent: null,
        depth: 0,
        package: 'p.q',
        class: 'android.widget.EditText',
        resource_id: null,
        text,
        content_description: null,
        bounds: '[0,0][10,10]',
        clickable: true,
        focused,
        focusable: true,
        selected: false,
        enabled: true,
        scrollable: false,
      },
    ],
    window_focus: null,
    display: null,
    duration_ms: 5,
  });

  it('changes with a label or the focus, not with the read time', () => {
    expect(treeDigest(tree('a'))).toBe(treeDigest({ ...tree('a'), duration_ms: 99 }));
    expect(treeDigest(tree('a'))).not.toBe(treeDigest(tree('b')));
    expect(treeDigest(tree('a'))).not.toBe(treeDigest(tree('a', true)));
  });
});

describe('an observation read cut at the budget', () => {
  it('is cancelled through its signal and waited for until it has closed', async () => {
    const events: string[] = [];
    const ports: ObservePorts = {
      // A read that never answers by itself: it ends only when cancelled, and takes 30 ms to close.
      readTree: (_budget, signal) =>
        new Promise((resolve) => {
          signal?.addEventListener('abort', () => {
            events.push('cancelled');
            setTimeout(() => {
              events.push('closed');
              resolve(fail('COMMAND_CANCELLED', 'closed'));
            }, 30);
          });
        }),
      foreground: () => Promise.resolve(fail('ANDROID_COMMAND_FAILED', 'unused')),
      now: () => Date.now(),
      sleep: () => Promise.resolve(),
      aborted: () => false,
    };
    const result = await observeAfterAction(ports, { text_present: 'x', timeout_ms: 100 }, null);
    events.push('answered');
    expect(events).toEqual(['cancelled', 'closed', 'answered']);
    expect(result).toMatchObject({ passed: false, read_abandoned: true, read_closed: true, polls: 1 });
    expect(result.read_close_ms).toBeGreaterThanOrEqual(25);
  });
});
