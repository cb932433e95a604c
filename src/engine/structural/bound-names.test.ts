/**
 * Names bound to a function by assignment rather than by `def` or `function`: a Python class
 * body's `statusnoi18n = status`, and a JavaScript namespace object's member
 * `horizon.modals.init = function`. Excerpts of Mercurial 6.3 (GPL-2.0-or-later), mercurial/ui.py,
 * and of Horizon 23 (Apache-2.0), horizon.modals.js and horizon.forms.js.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SourceFile } from '../contract';
import { planQuery } from '../classify';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from './analyzer';
import { buildCorpus } from './corpus';
import { StructuralIndex } from './index';

const UI_PY = [
  'def _catchterm(*args):',
  '    raise error.SignalInterrupt',
  '',
  '',
  'class ui:',
  '    def status(self, *msg, **opts):',
  '        """write status message to output (if ui.quiet is False)"""',
  '        if not self.quiet:',
  "            self._writemsg(self._fmsgout, type=b'status', *msg, **opts)",
  '',
  '    def note(self, *msg, **opts):',
  '        if self.verbose:',
  "            self._writemsg(self._fmsgout, type=b'note', *msg, **opts)",
  '',
  '    # Aliases to defeat check-code.',
  '    statusnoi18n = status',
  '    notenoi18n = warnnoi18n = note',
  '    interrupt = _catchterm',
  '    isatty = lambda self: self._isatty',
  '    quiet = False',
  '    limit = DEFAULT_LIMIT',
  '',
].join('\n');

const MODALS_JS = [
  'horizon.modals = {',
  '  _request: null,',
  '  _init_functions: []',
  '};',
  '',
  'horizon.modals.modal_spinner = function (text, $container) {',
  '  $container = $container || $("#modal_wrapper");',
  '  horizon.modals.spinner = horizon.loader.modal(text);',
  '};',
  '',
  'horizon.addInitFunction(horizon.modals.init = function() {',
  '  $(document).on("click", ".openstack-spin", function(ev) {',
  '    horizon.modals.modal_spinner(gettext("Loading"));',
  '  });',
  '});',
  '',
  'module.exports.helper = function () {};',
  'this.handlers.ready = function () {};',
  '',
].join('\n');

const FORMS_JS = [
  'horizon.addInitFunction(horizon.forms.init = function () {',
  '  var $body = $("body");',
  '  horizon.forms.handle_submit($body);',
  '});',
  '',
].join('\n');

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
  await analyzer.load(['python', 'javascript']);
});

describe('a Python class body binding a function to another name', () => {
  it('defines a method of the class under each name bound to a function, over the assignment', () => {
    const a = analyzer.analyze('mercurial/ui.py', UI_PY);
    const defined = (name: string) =>
      a.definitions
        .filter((d) => d.name === name)
        .map(({ kind, container, startLine, endLine }) => ({ kind, container, startLine, endLine }));
    expect(defined('statusnoi18n')).toEqual([{ kind: 'method', container: 'ui', startLine: 16, endLine: 16 }]);
    expect(defined('notenoi18n')).toEqual([{ kind: 'method', container: 'ui', startLine: 17, endLine: 17 }]);
    expect(defined('warnnoi18n')).toEqual([{ kind: 'method', container: 'ui', startLine: 17, endLine: 17 }]);
    // A module's function bound in a class body, and a lambda, are methods too.
    expect(defined('interrupt')).toEqual([{ kind: 'method', container: 'ui', startLine: 18, endLine: 18 }]);
    expect(defined('isatty')).toEqual([{ kind: 'method', container: 'ui', startLine: 19, endLine: 19 }]);
    // A value that is no function stays a plain attribute.
    expect(defined('quiet')).toEqual([]);
    expect(defined('limit')).toEqual([]);
  });

  it('answers a question naming the bound name with its line', () => {
    const index = StructuralIndex.build(buildCorpus([{ path: 'mercurial/ui.py', text: UI_PY }], analyzer));
    const hit = index.search(planQuery('statusnoi18n'), 10)[0];
    expect(hit).toBeDefined();
    expect(hit.reason).toContain('statusnoi18n');
  });
});

describe('a JavaScript function assigned to a member of a namespace object', () => {
  it('is a method of the namespace object, by its last name', () => {
    const a = analyzer.analyze('horizon/static/horizon/js/horizon.modals.js', MODALS_JS);
    const defined = (name: string) =>
      a.definitions.filter((d) => d.name === name).map(({ kind, container }) => ({ kind, container }));
    expect(defined('modal_spinner')).toEqual([{ kind: 'method', container: 'modals' }]);
    // Assigned inside a call's argument list, as a script registers its start-up function.
    expect(defined('init')).toEqual([{ kind: 'method', container: 'modals' }]);
    // `module.exports.x` names no namespace; `this.x.y` is no plain name.
    expect(defined('helper')).toEqual([{ kind: 'function', container: undefined }]);
    expect(defined('ready')).toEqual([{ kind: 'function', container: undefined }]);
  });

  it('`horizon.modals.init`: the qualifier picks the namespace object’s `init` over another’s', () => {
    const files: SourceFile[] = [
      { path: 'horizon/static/horizon/js/horizon.forms.js', text: FORMS_JS },
      { path: 'horizon/static/horizon/js/horizon.modals.js', text: MODALS_JS },
    ];
    const index = StructuralIndex.build(buildCorpus(files, analyzer));
    const corpus = buildCorpus(files, analyzer);
    const hits = index.search(planQuery('where is horizon.modals.init defined'), 10);
    const first = corpus.chunks[hits[0].chunkId];
    expect([first.path, first.startLine]).toEqual(['horizon/static/horizon/js/horizon.modals.js', 11]);
    expect(hits).toHaveLength(1);
  });
});
