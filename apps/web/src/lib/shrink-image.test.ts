// Proves the size a photo is shrunk to before upload: inside the limit, aspect kept, never enlarged.
import { describe, expect, it } from 'vitest';
import { fitWithin } from './shrink-image';

describe('fitWithin', () => {
  it('scales the longer side down to the limit and keeps the aspect ratio', () => {
    expect(fitWithin(4032, 3024, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3024, 4032, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin(12000, 10, 2000)).toEqual({ width: 2000, height: 2 });
  });
  it('leaves a small image as it is', () => {
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(2000, 2000, 2000)).toEqual({ width: 2000, height: 2000 });
  });
  it('never makes a side zero', () => {
    expect(fitWithin(100000, 1, 2000).height).toBe(1);
  });
});
