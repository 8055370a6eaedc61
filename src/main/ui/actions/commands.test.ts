// The action commands as the device shell gets them: quoting, `input text` encoding, resolve-activity and wm size.
import { describe, expect, it } from 'vitest';
import {
  errorLine,
  inputTextCommand,
  keyCommand,
  parseDisplaySize,
  parseLauncherComponent,
  scrollGesture,
  swipeCommand,
  tapCommand,
} from './commands';

const typed = (text: string) => {
  const command = inputTextCommand(text);
  if (!command.ok) throw new Error(command.error.message);
  return command.value;
};

describe('input text', () => {
  it('encodes spaces as %s and single-quotes the text', () => {
    expect(typed('coffee near me')).toBe("input text 'coffee%snear%sme'");
    expect(typed("it's")).toBe("input text 'it'\\''s'");
    expect(typed('a;rm -rf /')).toBe("input text 'a;rm%s-rf%s/'");
  });

  it('splits a literal %s across two calls so the device never decodes it (reference 4.4)', () => {
    expect(typed('100%s safe')).toBe("input text '100%' && input text 's%ssafe'");
    expect(typed('%s')).toBe("input text '%' && input text 's'");
    expect(typed('a%sb%sc')).toBe("input text 'a%' && input text 'sb%' && input text 'sc'");
    // A lone % before a space stays a %: `%%s` decodes to "% ".
    expect(typed('5% off')).toBe("input text '5%%soff'");
  });

  it('refuses Unicode, newlines and control characters, naming the code point', () => {
    for (const [text, code] of [
      ['café', 'U+00E9'],
      ['a\nb', 'U+000A'],
      ['tab\there', 'U+0009'],
      ['😀', 'U+1F600'],
    ] as const) {
      const refused = inputTextCommand(text);
      expect(refused).toMatchObject({ ok: false, error: { code: 'UI_INPUT_UNSUPPORTED' } });
      expect(!refused.ok && refused.error.message).toContain(code);
    }
  });
});

describe('gestures and keys', () => {
  it('quotes every number and uses the reference key codes', () => {
    expect(tapCommand(540, 1200)).toBe("input tap '540' '1200'");
    expect(swipeCommand(1, 2, 3, 4, 500)).toBe("input swipe '1' '2' '3' '4' '500'");
    expect([keyCommand('back'), keyCommand('home'), keyCommand('enter')]).toEqual([
      'input keyevent 4',
      'input keyevent 3',
      'input keyevent 66',
    ]);
  });

  it('reads the last parsable wm size line (an override beats the physical size)', () => {
    expect(parseDisplaySize('Physical size: 1080x2400\n')).toEqual({
      ok: true,
      value: { width: 1080, height: 2400 },
    });
    expect(parseDisplaySize('Physical size: 1080x2400\nOverride size: 720x1600\n')).toEqual({
      ok: true,
      value: { width: 720, height: 1600 },
    });
    expect(parseDisplaySize('Physical size: 1080x2400\nOverride size: 50x50\n')).toEqual({
      ok: true,
      value: { width: 1080, height: 2400 },
    });
    expect(parseDisplaySize('')).toMatchObject({ ok: false, error: { code: 'ANDROID_COMMAND_FAILED' } });
  });

  it('scrolls at half the width between 3/4 and 1/4 of the height, downward unless up', () => {
    expect(scrollGesture({ width: 1080, height: 2400 }, 'down')).toEqual({
      x: 540,
      y: 1800,
      end_x: 540,
      end_y: 600,
    });
    expect(scrollGesture({ width: 1081, height: 2401 }, 'up')).toEqual({
      x: 540,
      y: 600,
      end_x: 540,
      end_y: 1800,
    });
  });
});

describe('launcher resolution', () => {
  const header = 'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n';

  it('takes the first line with one slash and no spaces, for the same package', () => {
    expect(parseLauncherComponent('com.example.app', `${header}com.example.app/.MainActivity\n`)).toEqual({
      ok: true,
      value: 'com.example.app/.MainActivity',
    });
    expect(parseLauncherComponent('com.example.app', 'No activity found\n')).toMatchObject({
      ok: false,
      error: { code: 'ANDROID_COMMAND_FAILED', message: expect.stringContaining('no launcher activity') },
    });
    expect(parseLauncherComponent('com.example.app', `${header}com.other.app/.Main\n`)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('another package') },
    });
    expect(
      parseLauncherComponent('com.example.app', `${header}com.example.app/.Main;reboot\n`),
    ).toMatchObject({
      ok: false,
    });
  });

  it('finds Error: lines that come with exit 0', () => {
    expect(errorLine('Starting: Intent { }\nError: Activity not started, unable to resolve Intent\n')).toBe(
      'Error: Activity not started, unable to resolve Intent',
    );
    expect(errorLine('Starting: Intent { cmp=a/.B }\n')).toBeNull();
  });
});
