import { describe, expect, it } from 'vitest';
import { commandFor, shortcutList, shortcutOf, type KeyPress } from './shortcuts';

const press = (overrides: Partial<KeyPress>): KeyPress => ({
  key: '',
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  inTextField: false,
  ...overrides,
});

describe('commandFor', () => {
  it('maps Ctrl+Enter (Cmd+Enter on a Mac) to Run sequence, also while typing', () => {
    expect(commandFor(press({ key: 'Enter', ctrlKey: true, inTextField: true }), false)).toBe('runSequence');
    expect(commandFor(press({ key: 'Enter', metaKey: true }), true)).toBe('runSequence');
    expect(commandFor(press({ key: 'Enter', metaKey: true }), false)).toBeNull();
    expect(commandFor(press({ key: 'Enter' }), false)).toBeNull();
  });

  it('opens the palette with Ctrl+K (Cmd+K on a Mac), also while typing', () => {
    expect(commandFor(press({ code: 'KeyK', key: 'k', ctrlKey: true, inTextField: true }), false)).toBe(
      'palette',
    );
    expect(commandFor(press({ code: 'KeyK', key: 'k', metaKey: true }), true)).toBe('palette');
    expect(commandFor(press({ code: 'KeyK', key: 'k', ctrlKey: true }), true)).toBeNull();
  });

  it('maps undo and redo by key position', () => {
    expect(commandFor(press({ code: 'KeyZ', key: 'z', ctrlKey: true }), false)).toBe('undo');
    expect(commandFor(press({ code: 'KeyZ', key: 'Z', ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(commandFor(press({ code: 'KeyY', key: 'y', ctrlKey: true }), false)).toBe('redo');
    expect(commandFor(press({ code: 'KeyY', key: 'y', metaKey: true }), true)).toBeNull();
    expect(commandFor(press({ code: 'KeyZ', key: 'z', metaKey: true, shiftKey: true }), true)).toBe('redo');
  });

  // Issue 14 defect 10: Alt+D is the browser's address bar, Alt+E/F its menus.
  it('leaves Alt+letter to the browser', () => {
    for (const code of ['KeyS', 'KeyC', 'KeyP', 'KeyE', 'KeyD'])
      expect(commandFor(press({ code, key: code.slice(3).toLowerCase(), altKey: true }), false)).toBeNull();
  });

  it('maps single keys S/P/C/E/D by code outside text fields only', () => {
    expect(commandFor(press({ code: 'KeyS', key: 's' }), true)).toBe('setPanel');
    expect(commandFor(press({ code: 'KeyC', key: 'c' }), false)).toBe('clearPanel');
    expect(commandFor(press({ code: 'KeyP', key: 'p' }), false)).toBe('takeScreenshot');
    expect(commandFor(press({ code: 'KeyE', key: 'e' }), false)).toBe('focusEditor');
    expect(commandFor(press({ code: 'KeyD', key: 'd' }), false)).toBe('focusDevices');
    expect(commandFor(press({ code: 'KeyS', key: 's', inTextField: true }), false)).toBeNull();
    expect(commandFor(press({ code: 'KeyS', key: 'S', shiftKey: true }), false)).toBeNull();
    expect(commandFor(press({ code: 'KeyS', key: 's', ctrlKey: true }), false)).toBeNull();
    expect(commandFor(press({ code: 'KeyX', key: 'x' }), false)).toBeNull();
  });

  it('maps B to switching the preview background, outside text fields only', () => {
    expect(commandFor(press({ code: 'KeyB', key: 'b' }), false)).toBe('switchBackground');
    expect(commandFor(press({ code: 'KeyB', key: 'b', inTextField: true }), false)).toBeNull();
    expect(commandFor(press({ code: 'KeyB', key: 'b', ctrlKey: true }), false)).toBeNull();
    expect(shortcutOf('switchBackground', true)).toMatchObject({ keys: 'B', aria: 'B' });
  });

  it('opens help with ? except while typing', () => {
    expect(commandFor(press({ key: '?', shiftKey: true }), false)).toBe('help');
    expect(commandFor(press({ key: '?', shiftKey: true, inTextField: true }), false)).toBeNull();
  });
});

describe('hold keys', () => {
  it('captures with Space and releases with Esc only while a panel is held', () => {
    const space = { key: ' ', code: 'Space' };
    expect(commandFor(press({ ...space, holding: true }), false)).toBe('captureHeld');
    expect(commandFor(press({ key: 'Escape', code: 'Escape', holding: true }), false)).toBe('releaseHeld');
    // Not held: Space and Esc keep their ordinary meaning.
    expect(commandFor(press(space), false)).toBeNull();
    expect(commandFor(press({ key: 'Escape', code: 'Escape' }), false)).toBeNull();
    // Typing a space in the run label is typing.
    expect(commandFor(press({ ...space, holding: true, inTextField: true }), false)).toBeNull();
    // C stays Clear panel: the hold's keys do not clash with it.
    expect(commandFor(press({ key: 'c', code: 'KeyC', holding: true }), false)).toBe('clearPanel');
    expect(commandFor(press({ key: 'Enter', code: 'Enter', ctrlKey: true, shiftKey: true }), false)).toBe(
      'holdSequence',
    );
  });
});

describe('shortcutList', () => {
  it('lists every command once, with platform keys and no Alt combination', () => {
    const list = shortcutList(false);
    expect(new Set(list.map((item) => item.command)).size).toBe(list.length);
    expect(list.every((item) => !/Alt|\u2325/.test(item.keys))).toBe(true);
    expect(shortcutOf('runSequence', false)).toMatchObject({ keys: 'Ctrl+Enter', aria: 'Control+Enter' });
    expect(shortcutOf('palette', true)).toMatchObject({ keys: '\u2318+K', aria: 'Meta+K' });
  });
});
