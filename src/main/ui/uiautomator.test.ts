// The uiautomator dump parser and the dump command's shape.
import { describe, expect, it } from 'vitest';
import { dumpCommand, parseDisplay, parseDump, parseWindowFocus } from './uiautomator';

const xml = (body: string) =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${body}</hierarchy>`;

describe('parseDump', () => {
  it('decodes entities exactly once', () => {
    const parsed = parseDump(
      xml('<node index="0" text="&amp;lt;b&amp;gt; &lt;i&gt; &quot;q&quot;" bounds="[0,0][10,10]" />'),
      10,
    );
    expect(parsed.ok && parsed.value.nodes[0]!.text).toBe('&lt;b&gt; <i> "q"');
  });

  it('keeps missing attributes null and reads booleans', () => {
    const parsed = parseDump(xml('<node class="a.B" clickable="true" focused="false" />'), 10);
    expect(parsed.ok && parsed.value.nodes[0]).toMatchObject({
      class: 'a.B',
      clickable: true,
      focused: false,
      focusable: null,
      scrollable: null,
      bounds: null,
      text: null,
    });
  });

  it('walks breadth-first and caps with a truncation flag', () => {
    const parsed = parseDump(
      xml('<node text="r"><node text="a"><node text="c" /></node><node text="b" /></node>'),
      3,
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.nodes.map((node) => [node.text, node.parent, node.depth])).toEqual([
      ['r', null, 0],
      ['a', 0, 1],
      ['b', 0, 1],
    ]);
    expect(parsed.value).toMatchObject({ truncated: true, total: 4 });
  });

  it('fails on an empty hierarchy and on non-XML', () => {
    expect(parseDump(xml(''), 10)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('empty') },
    });
    expect(parseDump('cat: /data/local/tmp/x: No such file or directory', 10)).toMatchObject({ ok: false });
  });
});

describe('dump command and focus lines', () => {
  it('uses a hex token only', () => {
    expect(dumpCommand('00ff00ff')).toBe(
      `f='/data/local/tmp/androperator-ui-00ff00ff.xml'; trap 'rm -f "$f"' EXIT; uiautomator dump "$f" >/dev/null && cat "$f"`,
    );
    expect(() => dumpCommand("x'; reboot")).toThrow();
  });

  it('reads focus and the override display values first', () => {
    expect(
      parseWindowFocus('  mCurrentFocus=Window{1 u0 a/.B}\n  mFocusedApp=ActivityRecord{2 u0 a/.B t3}\n'),
    ).toEqual({
      current_focus: 'Window{1 u0 a/.B}',
      focused_app: 'ActivityRecord{2 u0 a/.B t3}',
    });
    expect(
      parseDisplay('Physical size: 1080x2400\nOverride size: 720x1600\n', 'Physical density: 420\n'),
    ).toEqual({
      size: '720x1600',
      density: 420,
    });
  });
});
