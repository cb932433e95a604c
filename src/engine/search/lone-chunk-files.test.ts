/**
 * A question asking how something is done is answered by code among functions that share its
 * words; a file that one chunk alone matched mentions them in passing. Shapes of symfony/validator
 * 5.4 (MIT), Mapping/Loader/AnnotationLoader.php and Mapping/Factory/LazyLoadingMetadataFactory.php,
 * with the ranks each list gave them in the real set ("how are constraints declared on parent
 * classes and interfaces added to a class when its metadata is loaded", understand_code, default).
 */
import { describe, expect, it } from 'vitest';
import type { Modality, ModalityHit, SourceFile } from '../contract';
import { fuse, scoreFromExplanation } from '../fuse';
import { LONE_CHUNK_FILE_DEMOTION_FACTOR, LONE_CHUNK_FILE_DEMOTION_RULE } from '../ranking';
import { functionsInFileLookup, memberNameCoverage } from './members';
import { at, chunkOrFiller, merge, centralityForBoost, definitionNamed } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const ANNOTATION_LOADER_PHP = [
  '<?php',
  'namespace Symfony\\Component\\Validator\\Mapping\\Loader;',
  '',
  'class AnnotationLoader implements LoaderInterface',
  '{',
  '    protected $reader;',
  '',
  '    public function __construct(?Reader $reader = null)',
  '    {',
  '        $this->reader = $reader;',
  '    }',
  '',
  '    public function loadClassMetadata(ClassMetadata $metadata)',
  '    {',
  '        $reflClass = $metadata->getReflectionClass();',
  '        $success = false;',
  '        foreach ($this->getAnnotations($reflClass) as $constraint) {',
  '            if ($constraint instanceof Constraint) {',
  '                $metadata->addConstraint($constraint);',
  '            }',
  '            $success = true;',
  '        }',
  '        foreach ($reflClass->getProperties() as $property) {',
  '            foreach ($this->getAnnotations($property) as $constraint) {',
  '                $metadata->addPropertyConstraint($property->name, $constraint);',
  '                $success = true;',
  '            }',
  '        }',
  '        return $success;',
  '    }',
  '',
  '    private function getAnnotations(object $reflection): iterable',
  '    {',
  '        foreach ($reflection->getAttributes() as $attribute) {',
  '            yield $attribute->newInstance();',
  '        }',
  '        if ($this->reader) {',
  '            yield from $this->reader->getClassAnnotations($reflection);',
  '        }',
  '    }',
  '}',
  '',
].join('\n');

const LAZY_FACTORY_PHP = [
  '<?php',
  'namespace Symfony\\Component\\Validator\\Mapping\\Factory;',
  '',
  'class LazyLoadingMetadataFactory implements MetadataFactoryInterface',
  '{',
  '    public function getMetadataFor($value)',
  '    {',
  "        $class = ltrim(\\is_object($value) ? \\get_class($value) : $value, '\\\\');",
  '        if (isset($this->loadedClasses[$class])) {',
  '            return $this->loadedClasses[$class];',
  '        }',
  '        $metadata = new ClassMetadata($class);',
  '        if (null !== $this->loader) {',
  '            $this->loader->loadClassMetadata($metadata);',
  '        }',
  '        // Include constraints from the parent class',
  '        $this->mergeConstraints($metadata);',
  '        return $this->loadedClasses[$class] = $metadata;',
  '    }',
  '',
  '    private function mergeConstraints(ClassMetadata $metadata)',
  '    {',
  '        if ($metadata->getReflectionClass()->isInterface()) {',
  '            return;',
  '        }',
  '        // Include constraints from the parent class',
  '        if ($parent = $metadata->getReflectionClass()->getParentClass()) {',
  '            $metadata->mergeConstraints($this->getMetadataFor($parent->name));',
  '        }',
  '        // Include constraints from all directly implemented interfaces',
  '        foreach ($metadata->getReflectionClass()->getInterfaces() as $interface) {',
  '            $metadata->mergeConstraints($this->getMetadataFor($interface->name));',
  '        }',
  '    }',
  '',
  '    public function hasMetadataFor($value)',
  '    {',
  '        if (!\\is_object($value) && !\\is_string($value)) {',
  '            return false;',
  '        }',
  "        $class = ltrim(\\is_object($value) ? \\get_class($value) : $value, '\\\\');",
  '        return class_exists($class) || interface_exists($class, false);',
  '    }',
  '}',
  '',
].join('\n');

/** RubyGems 3.3 (Ruby's licence), rubygems/core_ext/kernel_require.rb: the file's one function. */
const KERNEL_REQUIRE_RB = [
  'module Kernel',
  '  RUBYGEMS_ACTIVATION_MONITOR = Monitor.new # :nodoc:',
  '',
  '  def require(path)',
  '    RUBYGEMS_ACTIVATION_MONITOR.synchronize do',
  '      path = path.to_path if path.respond_to? :to_path',
  '      if spec = Gem.find_unresolved_default_spec(path)',
  '        Kernel.send(:gem, spec.name)',
  '      end',
  '      found_specs = Gem::Specification.find_all_by_path(path)',
  '      found_specs.first.activate unless found_specs.empty?',
  '    end',
  '    gem_original_require(path)',
  '  end',
  'end',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'rubygems/core_ext/kernel_require.rb', text: KERNEL_REQUIRE_RB },
  { path: 'Mapping/Loader/AnnotationLoader.php', text: ANNOTATION_LOADER_PHP },
  { path: 'Mapping/Factory/LazyLoadingMetadataFactory.php', text: LAZY_FACTORY_PHP },
];

const corpus = await parsedCorpus(FILES);

const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('a file one chunk alone matched, on a "how" question', () => {
  const question =
    'how are constraints declared on parent classes and interfaces added to a class when its metadata is loaded';
  const run = (demotesLoneChunkFiles: boolean) => {
    const functionsInFile = functionsInFileLookup(corpus);
    const load = named('loadClassMetadata');
    const merged = named('mergeConstraints');
    const get = named('getMetadataFor');
    const has = named('hasMetadataFor');
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(merge(at(0, merged), at(2, load)), merge(at(3, get), at(13, has))),
      text: merge(merge(at(1, load), at(2, get)), merge(at(6, merged), at(55, has))),
      structural: merge(at(26, load), at(45, merged)),
    };
    const boosts = new Map([
      [load.id, 0.151],
      [merged.id, 0.184],
      [get.id, 0.2],
      [has.id, 0.15],
    ]);
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'o', '.php'), {
        centralityOf: (id) => centralityForBoost(boosts.get(id) ?? 0),
        limit: 100,
        rankContainersByMembers: true,
        nameCoverageOf: memberNameCoverage(question),
        ...(demotesLoneChunkFiles ? { functionsInFileOf: functionsInFile } : {}),
      }),
    ).filter((r) => r.path.startsWith('Mapping/'));
  };

  it('falls below a file of several matching chunks that matches about as well', () => {
    expect(run(false).map((r) => r.path)).toEqual([
      'Mapping/Loader/AnnotationLoader.php',
      'Mapping/Factory/LazyLoadingMetadataFactory.php',
    ]);
    const after = run(true);
    expect(after.map((r) => r.path)).toEqual([
      'Mapping/Factory/LazyLoadingMetadataFactory.php',
      'Mapping/Loader/AnnotationLoader.php',
    ]);
    const [kept, lone] = after;
    expect(kept.explanation.demotion).toBeNull();
    expect(lone.explanation.demotion).toEqual({
      factor: LONE_CHUNK_FILE_DEMOTION_FACTOR,
      rule: LONE_CHUNK_FILE_DEMOTION_RULE,
    });
    expect(scoreFromExplanation(lone.explanation)).toBeCloseTo(lone.score, 12);
  });

  it('is not one of a single function: that file has no other to bring', () => {
    const require = named('require');
    const functionsInFile = functionsInFileLookup(corpus);
    expect(functionsInFile(require)).toBe(1);
    expect(functionsInFile(named('mergeConstraints'))).toBe(3);
    const [shown] = fuse(
      fusionInput({ semantic: at(0, require), text: at(38, require) }, chunkOrFiller(corpus, 'o', '.rb'), {
        limit: 100,
        rankContainersByMembers: true,
        nameCoverageOf: memberNameCoverage('how does rubygems find and activate the gem that has a library file'),
        functionsInFileOf: functionsInFile,
      }),
    ).filter((r) => r.path === 'rubygems/core_ext/kernel_require.rb');
    expect(shown.symbol).toBe('require');
    expect(shown.explanation.demotion).toBeNull();
  });
});
