import { describe, expect, it } from 'vitest';
import { ArrivingFiles } from './arriving-files';

const file = (path: string) => ({ path, data: new TextEncoder().encode(path) });

describe("a folder's files as the page reads them", () => {
  it('hands each file over whether it arrived before or after it was asked for', async () => {
    const arriving = new ArrivingFiles();
    arriving.add([file('a.ts')]);
    const later = arriving.bytes('b.ts');
    arriving.add([file('b.ts')]);
    expect(new TextDecoder().decode(await arriving.bytes('a.ts'))).toBe('a.ts');
    expect(new TextDecoder().decode(await later)).toBe('b.ts');
  });

  it('a build that ends while a file waits for its slice of the thread gets no file: it is told why', async () => {
    const arriving = new ArrivingFiles();
    arriving.add([file('a.ts')]);
    const asked = arriving.bytes('a.ts');
    const reason = new DOMException('Indexing was cancelled.', 'AbortError');
    arriving.fail(reason);
    await expect(asked).rejects.toBe(reason);
  });
});
