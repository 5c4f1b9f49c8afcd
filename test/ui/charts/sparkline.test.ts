import { describe, expect, it } from 'vitest';
import { sparkline } from '../../../src/ui/charts/sparkline.ts';

describe('sparkline', () => {
  it('draws a flat series at half height', () => {
    expect(sparkline([5, 5, 5, 5])).toBe('▄▄▄▄');
  });

  it('draws an all-zero series on the floor', () => {
    expect(sparkline([0, 0, 0])).toBe('▁▁▁');
  });

  it('draws one spike as the only full block', () => {
    expect(sparkline([1, 1, 9, 1, 1])).toBe('▁▁█▁▁');
  });

  it('leaves gaps blank and scales between min and max', () => {
    expect(sparkline([0, undefined, 7, 14])).toBe('▁ ▅█');
    expect(sparkline([undefined, undefined])).toBe('  ');
  });

  it('fits a long series into the width by averaging', () => {
    const line = sparkline(
      Array.from({ length: 90 }, (_, i) => i),
      30,
    );
    expect(line).toHaveLength(30);
    expect(line[0]).toBe('▁');
    expect(line.at(-1)).toBe('█');
  });
});
