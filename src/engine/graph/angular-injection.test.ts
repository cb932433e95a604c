/**
 * AngularJS services registered by name and injected by that string: the injecting files depend
 * on the registering file (Horizon's swift.service.js and the containers panel that injects it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedGraph } from '../../../test/support/parsed-graph';
import type { GraphIndex } from './index';
import { angularInjections, angularRegistrations } from './angular-injection';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const script = (path: string, text: string) => ({ path, text, language: 'javascript' as const });

const swiftService = [
  '(function () {',
  "  'use strict';",
  '  angular',
  "    .module('app.api')",
  "    .factory('app.api.swift', swiftAPI);",
  '',
  "  swiftAPI.$inject = ['app.util.http'];",
  '',
  '  function swiftAPI(http) {',
  '    return { getObjects: function () { return http.get(1); } };',
  '  }',
  '})();',
].join('\n');

const httpService = [
  "angular.module('app.util').factory('app.util.http', httpService);",
  'function httpService() {',
  '  return { get: function (x) { return x; } };',
  '}',
].join('\n');

const containersController = [
  '(function () {',
  "  angular.module('app.containers').controller('app.containers.Controller', Controller);",
  '',
  '  Controller.$inject = [',
  "    '$scope',",
  "    'app.api.swift'",
  '  ];',
  '',
  '  function Controller($scope, swiftAPI) {',
  '    swiftAPI.getObjects();',
  '  }',
  '})();',
].join('\n');

/** Names the service only in its doc comment, as an example of use. */
const spinnerDirective = [
  "angular.module('app.widgets').directive('spinner', spinner);",
  '/**',
  ' * Inject it as:',
  " *   ['app.api.swift',",
  ' *    function (swift) {}]',
  ' */',
  'function spinner() {',
  '  return {};',
  '}',
].join('\n');

/** A test double overrides the service through $provide: no second registration of it. */
const swiftMock = [
  'beforeEach(module(function ($provide) {',
  "  $provide.value('app.api.swift', { getObjects: function () {} });",
  '}));',
].join('\n');

describe('AngularJS injection', () => {
  it('reads registrations by module, provider names with their Provider, and no $provide override', () => {
    const files = [
      script('swift.service.js', swiftService),
      script('swift.mock.js', swiftMock),
      script('config.js', "angular.module('app').provider('settings', function () {});"),
    ];
    const byName = angularRegistrations(files);
    expect(byName.get('app.api.swift')).toEqual([0]);
    expect(byName.get('settings')).toEqual([2]);
    expect(byName.get('settingsProvider')).toEqual([2]);
    expect(byName.size).toBe(3);
  });

  it('links an injection array, an inline annotation and $injector.get to the registering file, not a comment or a plain string', () => {
    const files = [
      script('swift.service.js', swiftService),
      script('controller.js', containersController),
      script('spinner.directive.js', spinnerDirective),
      script(
        'run.js',
        [
          "angular.module('app').run(['app.api.swift', function (swift) {}]);",
          "var label = { name: 'app.api.swift' };",
          "var again = $injector.get('app.api.swift');",
        ].join('\n'),
      ),
    ];
    expect(angularInjections(files)).toEqual([
      { from: 1, line: 6, target: 0 },
      { from: 3, line: 1, target: 0 },
      { from: 3, line: 3, target: 0 },
    ]);
  });

  it('a name two files register links to neither', () => {
    const files = [
      script('a.js', "angular.module('a').factory('shared', a);"),
      script('b.js', "angular.module('b').factory('shared', b);"),
      script('c.js', "c.$inject = ['shared'];"),
    ];
    expect(angularInjections(files)).toEqual([]);
  });

  it('"what depends on swift.service.js" lists the files injecting it by name (Horizon)', async () => {
    const { corpus, graph } = await parsedGraph(analyzer, {
      'api/swift.service.js': swiftService,
      'util/http.service.js': httpService,
      'containers/containers.controller.js': containersController,
      'widgets/spinner.directive.js': spinnerDirective,
    });
    const hits = graph.search(
      {
        intent: 'impact_analysis',
        raw: 'what depends on api/swift.service.js',
        identifiers: [],
        terms: ['api', 'swift', 'service'],
      } as unknown as Parameters<GraphIndex['search']>[0],
      20,
    );
    expect(hits.map((h) => corpus.chunks[h.chunkId].path)).toEqual(['containers/containers.controller.js']);
    expect(hits[0].reason).toBe('injects a service api/swift.service.js registers by name');
    // The service's own injection of the http service is a dependency of it too.
    const http = corpus.files.find((f) => f.path === 'util/http.service.js')!;
    expect(graph.importersOf(http.id).map((l) => [l.path, l.line])).toEqual([['api/swift.service.js', 7]]);
  });
});
