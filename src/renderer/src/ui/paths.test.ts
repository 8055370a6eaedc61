import { describe, expect, it } from 'vitest';
import { suggestPath } from './paths';

describe('suggestPath', () => {
  it('puts the file next to the evidence folder', () => {
    expect(suggestPath('/home/qa/.androperator/evidence', 'r1.png')).toBe('/home/qa/.androperator/r1.png');
    expect(suggestPath('/home/qa/.androperator/evidence/', 'r1.png')).toBe('/home/qa/.androperator/r1.png');
    expect(suggestPath('/evidence', 'r1.png')).toBe('/r1.png');
  });

  it('keeps Windows separators', () => {
    expect(suggestPath('C:\\Users\\qa\\evidence', 'r1.zip')).toBe('C:\\Users\\qa\\r1.zip');
  });

  it('falls back to the bare name when the folder is unknown or relative', () => {
    expect(suggestPath(undefined, 'r1.png')).toBe('r1.png');
    expect(suggestPath('evidence', 'r1.png')).toBe('r1.png');
  });
});
