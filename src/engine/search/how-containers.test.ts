/**
 * A question asking how something is done wants the function that does it: a class of any size
 * that holds another candidate of its file leaves the list to its members (fuse.ts
 * withoutBigContainers, ranking.ts HOW_CONTAINER_RANKED_BY_MEMBERS_LINES). Shape of Sphinx 5.3
 * (BSD), sphinx/ext/autodoc/__init__.py, with the ranks each list gave its chunks in the real set
 * ("how does autodoc use a signature written on the first line of a docstring instead of the real
 * one", understand_code, default).
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse } from '../fuse';
import { CONTAINER_RANKED_BY_MEMBERS_LINES } from '../ranking';
import { asksHow, memberNameCoverage } from './members';
import { at, chunkOrFiller, merge, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const AUTODOC_PY = [
  'class DocstringSignatureMixin:',
  '    """',
  '    Mixin for FunctionDocumenter and MethodDocumenter to provide the',
  '    feature of reading the signature from the docstring.',
  '    """',
  '    _new_docstrings: List[List[str]] = None',
  '    _signatures: List[str] = None',
  '',
  '    def _find_signature(self) -> Tuple[str, str]:',
  '        # candidates of the object name',
  '        valid_names = [self.objpath[-1]]  # type: ignore',
  '        docstrings = self.get_doc()',
  '        if docstrings is None:',
  '            return None, None',
  '        self._new_docstrings = docstrings[:]',
  '        self._signatures = []',
  '        result = None',
  '        for i, doclines in enumerate(docstrings):',
  '            for j, line in enumerate(doclines):',
  '                if not line:',
  '                    # no lines in docstring, no match',
  '                    break',
  "                if line.endswith('\\\\'):",
  "                    line = line.rstrip('\\\\').rstrip()",
  '                # match first line of docstring against signature RE',
  '                match = py_ext_sig_re.match(line)',
  '                if not match:',
  '                    break',
  '                exmod, path, base, args, retann = match.groups()',
  '                # the base name must match ours',
  '                if base not in valid_names:',
  '                    break',
  '                # re-prepare docstring to ignore more leading indentation',
  '                tab_width = self.directive.state.document.settings.tab_width  # type: ignore',
  "                self._new_docstrings[i] = prepare_docstring('\\n'.join(doclines[j + 1:]),",
  '                                                            tab_width)',
  '                if result is None:',
  '                    # first signature',
  '                    result = args, retann',
  '                else:',
  '                    # subsequent signatures',
  '                    self._signatures.append("(%s) -> %s" % (args, retann))',
  '            if result:',
  '                # finish the loop when signature found',
  '                break',
  '        return result',
  '',
  '    def get_doc(self) -> List[List[str]]:',
  '        if self._new_docstrings is not None:',
  '            return self._new_docstrings',
  '        return super().get_doc()  # type: ignore',
  '',
  '    def format_signature(self, **kwargs: Any) -> str:',
  '        if self.args is None and self.config.autodoc_docstring_signature:  # type: ignore',
  '            # only act if a signature is not explicitly given already, and if',
  '            # the feature is enabled',
  '            result = self._find_signature()',
  '            if result is not None:',
  '                self.args, self.retann = result',
  '        sig = super().format_signature(**kwargs)  # type: ignore',
  '        if self._signatures:',
  '            return "\\n".join([sig] + self._signatures)',
  '        else:',
  '            return sig',
  '',
  '',
  'class DocstringStripSignatureMixin(DocstringSignatureMixin):',
  '    """',
  '    Mixin for AttributeDocumenter to provide the',
  '    feature of stripping any function signature from the docstring.',
  '    """',
  '    def format_signature(self, **kwargs: Any) -> str:',
  '        if self.args is None and self.config.autodoc_docstring_signature:  # type: ignore',
  '            # only act if a signature is not explicitly given already, and if',
  '            # the feature is enabled',
  '            result = self._find_signature()',
  '            if result is not None:',
  '                # Discarding _args is a only difference with',
  '                # DocstringSignatureMixin.format_signature.',
  '                # Documenter.format_signature use self.args value to format.',
  '                _args, self.retann = result',
  '        return super().format_signature(**kwargs)',
  '',
].join('\n');

const FILES: SourceFile[] = [{ path: 'ext/autodoc/__init__.py', text: AUTODOC_PY }];

const corpus = await parsedCorpus(FILES);

const named = (symbol: string) => definitionNamed(corpus, symbol);
/** The `symbol` defined last in the fixture (the subclass's override). */
const lastNamed = (symbol: string): Chunk => corpus.chunks.filter((c) => c.symbol === symbol).at(-1)!;

describe('a small class on a "how" question', () => {
  const question = 'how does autodoc use a signature written on the first line of a docstring instead of the real one';
  const run = (every: boolean) => {
    const strip = named('DocstringStripSignatureMixin');
    const mixin = named('DocstringSignatureMixin');
    const find = named('_find_signature');
    const override = lastNamed('format_signature');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, strip), at(1, override)), at(4, find)),
      text: merge(merge(at(1, mixin), at(5, find)), at(9, strip)),
      structural: merge(at(3, mixin), at(6, strip)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.py'), {
        limit: 100,
        rankContainersByMembers: true,
        rankEveryContainerByMembers: every,
        nameCoverageOf: memberNameCoverage(question),
      }),
    ).find((r) => r.path === 'ext/autodoc/__init__.py')!;
  };

  it('leaves its place to the method that does the work', () => {
    expect(asksHow(question)).toBe(true);
    const strip = named('DocstringStripSignatureMixin');
    // The subclass is small: only a "how" question ranks it by its members.
    expect(strip.endLine - strip.startLine + 1).toBeLessThanOrEqual(CONTAINER_RANKED_BY_MEMBERS_LINES);
    expect(run(false).symbol).toBe('DocstringStripSignatureMixin');
    const shown = run(true);
    expect(shown.symbol).toBe('_find_signature');
    expect(shown.startLine).toBe(named('_find_signature').startLine);
  });
});
