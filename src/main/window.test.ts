// The window's pure security decisions (no Electron binary here): which dev URL is loaded, which permission is given.
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ BrowserWindow: class {}, shell: {} }));

const { devRendererUrl, installPermissionPolicy, permissionAllowed } = await import('./window');

const RENDERER = 'file:///opt/androperator/out/renderer/index.html';
const isTrusted = (url: string): boolean => url === RENDERER || url.startsWith('http://localhost:5173/');

describe('devRendererUrl', () => {
  it.each([
    ['http://localhost:5173', 'http://localhost:5173/'],
    ['http://127.0.0.1:5173/', 'http://127.0.0.1:5173/'],
    ['http://[::1]:5173', 'http://[::1]:5173/'],
  ])('loads the loopback dev server %s when unpackaged', (value, expected) => {
    expect(devRendererUrl(value, false)).toBe(expected);
  });

  it.each([
    ['a remote host', 'http://evil.example:5173'],
    ['a LAN address', 'http://192.168.1.20:5173'],
    ['a name that merely starts with localhost', 'http://localhost.evil.example:5173'],
    ['another 127/8 spelling', 'http://0177.0.0.2:5173'],
    ['https', 'https://localhost:5173'],
    ['a file URL', 'file:///tmp/index.html'],
    ['javascript', 'javascript:alert(1)'],
    ['credentials', 'http://user:pass@localhost:5173'],
    ['not a URL', 'localhost:5173'],
    ['empty', ''],
  ])('refuses %s', (_name, value) => {
    expect(devRendererUrl(value, false)).toBeNull();
  });

  it('never loads a dev server in a packaged app', () => {
    expect(devRendererUrl('http://localhost:5173', true)).toBeNull();
    expect(devRendererUrl(undefined, false)).toBeNull();
  });
});

describe('permissions', () => {
  it('gives the clipboard write to the renderer only, and nothing else to anyone', () => {
    expect(permissionAllowed('clipboard-sanitized-write', RENDERER, isTrusted)).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', 'https://evil.example/', isTrusted)).toBe(false);
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'hid',
    ])
      expect(permissionAllowed(permission, RENDERER, isTrusted)).toBe(false);
  });

  it('installs both handlers on the session and answers through them', () => {
    type RequestHandler = (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void;
    type CheckHandler = (
      contents: unknown,
      permission: string,
      origin: string,
      details: { requestingUrl?: string },
    ) => boolean;
    const installed: { request?: RequestHandler; check?: CheckHandler } = {};
    const session = {
      setPermissionRequestHandler: (handler: RequestHandler) => void (installed.request = handler),
      setPermissionCheckHandler: (handler: CheckHandler) => void (installed.check = handler),
    };
    installPermissionPolicy(session as unknown as Parameters<typeof installPermissionPolicy>[0], isTrusted);
    const answers: boolean[] = [];
    installed.request?.(null, 'media', (granted) => answers.push(granted), { requestingUrl: RENDERER });
    installed.request?.(null, 'clipboard-sanitized-write', (granted) => answers.push(granted), {
      requestingUrl: RENDERER,
    });
    expect(answers).toEqual([false, true]);
    expect(installed.check?.(null, 'notifications', 'file://', { requestingUrl: RENDERER })).toBe(false);
    expect(installed.check?.(null, 'clipboard-sanitized-write', 'file://', { requestingUrl: RENDERER })).toBe(
      true,
    );
    expect(installed.check?.(null, 'clipboard-sanitized-write', 'https://evil.example', {})).toBe(false);
  });
});
