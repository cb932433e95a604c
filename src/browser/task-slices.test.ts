import { describe, expect, it } from 'vitest';
import { Slicer } from './task-slices';

describe('work in slices', () => {
  it('gives the thread back once a slice is spent: a task already waiting runs first', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);
    await new Slicer(-1).next();
    order.push('next slice');
    expect(order).toEqual(['waiting task', 'next slice']);
  });

  it('keeps the thread within a slice', async () => {
    const order: string[] = [];
    const waiting = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push('waiting task');
        resolve();
      }, 0),
    );
    await new Slicer(Number.POSITIVE_INFINITY).next();
    order.push('same slice');
    await waiting;
    expect(order).toEqual(['same slice', 'waiting task']);
  });
});
