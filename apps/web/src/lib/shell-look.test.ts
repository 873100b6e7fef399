import { describe, expect, it } from 'vitest';
import { opaqueHex } from './shell-look.ts';

describe('opaqueHex', () => {
  it('writes a computed rgb colour as six hex digits', () => {
    expect(opaqueHex('rgb(31, 78, 121)')).toBe('1f4e79');
    expect(opaqueHex('rgb(0, 0, 0)')).toBe('000000');
    expect(opaqueHex('rgba(255, 255, 255, 1)')).toBe('ffffff');
  });

  it('gives nothing for a colour that lets what is behind show through, or for anything else', () => {
    expect(opaqueHex('rgba(0, 0, 0, 0)')).toBeNull();
    expect(opaqueHex('rgba(18, 18, 18, 0.5)')).toBeNull();
    expect(opaqueHex('transparent')).toBeNull();
    expect(opaqueHex('color(srgb 1 0 0)')).toBeNull();
  });
});
