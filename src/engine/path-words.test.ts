import { describe, expect, it } from 'vitest';
import { fileNameWords, fileStem, placeStems, placeWords, stemOfName } from './path-words';

describe('placeWords', () => {
  it("gives each folder's and the file's name whole and split into its words (capstone, OpenAFS)", () => {
    expect([...placeWords('arch/PowerPC/PPCMapping.c')].sort()).toEqual(
      ['arch', 'mapping', 'pc', 'power', 'powerpc', 'ppc', 'ppcmapping'].sort(),
    );
    expect([...placeWords('src/afs/afs_osidnlc.c')].sort()).toEqual(['afs', 'afsosidnlc', 'osidnlc', 'src'].sort());
  });

  it("reads a hidden folder's name as its word, not as an empty extension-less stem", () => {
    expect([...placeWords('.github/workflows/ci.yml')].sort()).toEqual(['ci', 'github', 'workflows']);
  });
});

describe('one stem for every reader of a path', () => {
  it('drops the last extension only, and keeps a hidden file whole', () => {
    expect(stemOfName('linux-os.c')).toBe('linux-os');
    expect(stemOfName('config.d.ts')).toBe('config.d');
    expect(stemOfName('.bashrc')).toBe('.bashrc');
    expect(stemOfName('Makefile')).toBe('Makefile');
    expect(fileStem('src/arch/PPCMapping.c')).toBe('PPCMapping');
    expect(placeStems('lib/net-ssh/Transport.rb')).toEqual(['lib', 'net-ssh', 'Transport']);
  });

  it("splits a file's name into its lower-cased words, its folders left out", () => {
    expect([...fileNameWords('src/unix/linux-os.c')]).toEqual(['linux', 'os']);
    expect([...fileNameWords('lib/httpClient.ts')]).toEqual(['http', 'client']);
  });
});
