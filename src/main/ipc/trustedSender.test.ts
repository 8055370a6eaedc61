import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { trustedRendererUrl } from './trustedSender';

const RENDERER = '/opt/androperator/out/renderer/index.html';
const FILE_URL = pathToFileURL(RENDERER).href;

describe('trustedRendererUrl', () => {
  it("trusts exactly the built renderer's index.html, whatever its hash or query", () => {
    const trusted = trustedRendererUrl({ rendererFile: RENDERER });
    expect(trusted(FILE_URL)).toBe(true);
    expect(trusted(`${FILE_URL}#/evidence`)).toBe(true);
    expect(trusted(`${FILE_URL}?tab=runs`)).toBe(true);
    expect(trusted('file:///opt/androperator/out/renderer/other.html')).toBe(false);
    expect(trusted('file:///tmp/index.html')).toBe(false);
    expect(trusted('https://example.com/')).toBe(false);
    expect(trusted('http://localhost:5173/')).toBe(false);
    expect(trusted('not a url')).toBe(false);
    expect(trusted('')).toBe(false);
  });

  it('also trusts pages of the dev server origin in development', () => {
    const trusted = trustedRendererUrl({ rendererFile: RENDERER, devServerUrl: 'http://localhost:5173' });
    expect(trusted('http://localhost:5173/')).toBe(true);
    expect(trusted('http://localhost:5173/src/index.html#x')).toBe(true);
    expect(trusted('http://localhost:5174/')).toBe(false);
    expect(trusted('https://localhost:5173/')).toBe(false);
    expect(trusted(FILE_URL)).toBe(true);
  });

  it('ignores a dev server URL that is not http', () => {
    const trusted = trustedRendererUrl({ rendererFile: RENDERER, devServerUrl: 'file:///tmp/' });
    expect(trusted('file:///tmp/index.html')).toBe(false);
  });
});
