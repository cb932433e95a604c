/**
 * Mining Ruby, PHP and C (FOURFOLD_MODEL_SOURCES=languages): the analyzer's doc comment of
 * each definition, read the language's way, gives the doc sentence a person wrote. The
 * sources are cut from the Debian bookworm packages the opt-in set pins (file named in each
 * test), so the shapes are the ones mining meets.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { nodeGrammars } from '../src/node/grammars';
import type { FetchedPackage } from './model-cache';
import { debianPins } from './model-fetch';
import { isDocComment, minePackage } from './model-mine';
import { blankComments, commentSyntax, docViews } from './model-pairs';
import { DEBIAN_PACKAGES_LANGUAGES, DEBIAN_PACKAGES_LANGUAGES_MORE } from './model-sources';
import { evaluatedPackages, projectKey } from './model-decontaminate';
import { PROJECTS as REAL_PROJECTS } from '../bench/real/projects';

let analyzer: StructuralAnalyzer;
let root: string;

beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars);
  root = mkdtempSync(join(tmpdir(), 'fourfold-mine-'));
});
afterAll(() => {
  analyzer.dispose();
  rmSync(root, { recursive: true, force: true });
});

/** Mines one file laid out where the package ships it; returns name → doc sentence. */
function mine(language: 'ruby' | 'php' | 'c', name: string, path: string, text: string): Map<string, string> {
  const dir = join(root, name);
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
  const p: FetchedPackage = { source: 'debian', language, name, version: '0', file: '', integrity: '', dir };
  return new Map(minePackage(analyzer, p).pairs.map((pair) => [pair.name, pair.query]));
}

describe('Ruby (RDoc / YARD)', () => {
  it('ruby-diff-lcs lib/diff/lcs.rb: +code+ markup becomes words, the See line stays out of the sentence', () => {
    const pairs = mine(
      'ruby',
      'ruby-diff-lcs',
      'usr/share/rubygems-integration/all/gems/diff-lcs-1.5.0/lib/diff/lcs.rb',
      `module Diff::LCS
  # Returns an Array containing the longest common subsequence(s) between
  # +self+ and +other+. See Diff::LCS#lcs.
  #
  #   lcs = seq1.lcs(seq2)
  #
  # A note when using objects: Diff::LCS only works properly when each object
  # can be used as a key in a Hash.
  def lcs(other, &block) #:yields: self[i] if there are matched subsequences
    Diff::LCS.lcs(self, other, &block)
  end
end
`,
    );
    expect(pairs.get('lcs')).toBe(
      'Returns an Array containing the longest common subsequence(s) between self and other.',
    );
  });

  it('ruby-backports matrix.rb: a :call-seq: block is skipped, the prose after it is the sentence', () => {
    const pairs = mine(
      'ruby',
      'ruby-backports',
      'usr/share/rubygems-integration/all/gems/backports-3.21.0/lib/backports/1.9.2/stdlib/matrix.rb',
      `class Matrix
  #
  # :call-seq:
  #   index(value, selector = :all) -> [row, column]
  #   index(selector = :all){ block } -> [row, column]
  #   index(selector = :all) -> an_enumerator
  #
  # The index method is specialized to return the index as [row, column]
  # It also accepts an optional +selector+ argument, see #each for details.
  #
  def index(*args)
    raise ArgumentError, "wrong number of arguments(#{args.size} for 0-2)" if args.size > 2
    which = (block_given? || args.size == 2) ? args.pop : :all
    each_with_index(which) { |e, row_index, col_index| return row_index, col_index if e == value }
  end
end
`,
    );
    // (Markdown-style [links] read as their words in every language.)
    expect(pairs.get('index')).toBe(
      'The index method is specialized to return the index as row, column It also accepts an optional selector argument, see #each for details.',
    );
  });

  it('ruby-mocha api.rb: YARD tags end the summary and {Name} links read as the name', () => {
    expect(
      docViews(
        `# Builds a new mock object, see {Mock#expects}.
#
# @param [String] name identifies mock object in error messages.
# @return [Mock] a new mock object`,
        'mock',
        'ruby',
      ),
    ).toEqual({ sentence: 'Builds a new mock object, see Mock#expects.' });
  });

  it('Ruby code sides have their # comments and =begin blocks blanked, #{} in strings kept', () => {
    const text = `# Doc.\ndef a(x) # note\n  "v#{x}"\nend\n=begin\nold\n=end\n`;
    expect(blankComments(text, commentSyntax('ruby'))).toBe(
      `      \ndef a(x)       \n  "v#{x}"\nend\n      \n   \n    \n`,
    );
  });
});

describe('PHP (PHPDoc)', () => {
  it('php-symfony-finder Comparator.php: the /** */ sentence pairs with the method, a // note does not', () => {
    const pairs = mine(
      'php',
      'php-symfony-finder',
      'usr/share/php/Symfony/Component/Finder/Comparator/Comparator.php',
      `<?php

namespace Symfony\\Component\\Finder\\Comparator;

class Comparator
{
    private $target;
    private $operator = '==';

    /**
     * Gets the target value.
     *
     * @return string
     */
    public function getTarget()
    {
        return $this->target;
    }

    // Tests against the target (a line note, not PHPDoc).
    public function test($test)
    {
        switch ($this->operator) {
            case '>':
                return $test > $this->target;
        }
        return $test == $this->target;
    }
}
`,
    );
    expect(pairs.get('getTarget')).toBe('Gets the target value.');
    expect(pairs.has('test')).toBe(false);
  });

  it('PHP code sides: # and // comments blanked, #[Attribute] lines kept', () => {
    const text = `#[\\Attribute]\nfunction f() { # note\n  return 1; // two\n}\n`;
    expect(blankComments(text, commentSyntax('php'))).toBe(
      `#[\\Attribute]\nfunction f() {       \n  return 1;       \n}\n`,
    );
  });
});

describe('C (Doxygen, gtk-doc, kernel-doc)', () => {
  it('libxml2-dev libxml/hash.h: gtk-doc "name:" and @arg lines skipped; the plain /* */ note above is not the doc', () => {
    const pairs = mine(
      'c',
      'libxml2-dev',
      'usr/include/libxml2/libxml/hash.h',
      `#ifndef __XML_HASH_H__
#define __XML_HASH_H__

/*
 * function types:
 */
/**
 * xmlHashDeallocator:
 * @payload:  the data in the hash
 * @name:  the name associated
 *
 * Callback to free data from a hash.
 */
typedef void (*xmlHashDeallocator)(void *payload, const xmlChar *name);

#endif
`,
    );
    expect(pairs.get('xmlHashDeallocator')).toBe('Callback to free data from a hash.');
  });

  it('libusb-1.0-0-dev libusb.h: \\ingroup skipped, \\ref name "text" read as the name', () => {
    const pairs = mine(
      'c',
      'libusb-1.0-0-dev',
      'usr/include/libusb-1.0/libusb.h',
      `/** \\ingroup libusb_desc
 * Descriptor types as defined by the USB specification. */
enum libusb_descriptor_type {
	/** Device descriptor. See libusb_device_descriptor. */
	LIBUSB_DT_DEVICE = 0x01,
	/** Configuration descriptor. See libusb_config_descriptor. */
	LIBUSB_DT_CONFIG = 0x02
};

/** \\ingroup libusb_misc
 * Request type bits of the
 * \\ref libusb_control_setup::bmRequestType "bmRequestType" field in control
 * transfers. */
enum libusb_request_type {
	LIBUSB_REQUEST_TYPE_STANDARD = (0x00 << 5),
	LIBUSB_REQUEST_TYPE_CLASS = (0x01 << 5)
};
`,
    );
    expect(pairs.get('libusb_descriptor_type')).toBe('Descriptor types as defined by the USB specification.');
    expect(pairs.get('libusb_request_type')).toBe(
      'Request type bits of the libusb_control_setup::bmRequestType field in control transfers.',
    );
  });

  it('lttng-modules-dkms src/lttng-events.c: kernel-doc "name - description" gives the description', () => {
    const pairs = mine(
      'c',
      'lttng-modules-dkms',
      'usr/src/lttng-modules-2.13.9/src/lttng-events.c',
      `/**
 * lttng_transport_register - LTT transport registration
 * @transport: transport structure
 *
 * Registers a transport which can be used as output to extract the data out of
 * LTTng. The module calling this registration function must ensure that no
 * trap-inducing code will be executed by the transport functions.
 */
void lttng_transport_register(struct lttng_transport *transport)
{
	wrapper_vmalloc_sync_mappings();
	mutex_lock(&sessions_mutex);
	list_add_tail(&transport->node, &lttng_transport_list);
	mutex_unlock(&sessions_mutex);
}

/*
 * Only a note: not a doc comment.
 */
static void lttng_transport_note(struct lttng_transport *transport)
{
	mutex_lock(&sessions_mutex);
	list_del(&transport->node);
	mutex_unlock(&sessions_mutex);
}
`,
    );
    expect(pairs.get('lttng_transport_register')).toBe('LTT transport registration');
    expect(pairs.has('lttng_transport_note')).toBe(false);
  });

  it('Doxygen @brief / \\brief markers are dropped and \\param ends the summary', () => {
    expect(
      docViews('/**\n * @brief Frees the parser context and its buffers.\n * @param ctx the context\n */', 'x', 'c'),
    ).toEqual({
      sentence: 'Frees the parser context and its buffers.',
    });
    expect(
      docViews('/*!\n * \\brief Opens a device handle for the given port.\n * \\param port the port\n */', 'x', 'c'),
    ).toEqual({
      sentence: 'Opens a device handle for the given port.',
    });
    expect(docViews('/// Returns the number of bytes left in the buffer.', 'x', 'c')?.sentence).toBe(
      'Returns the number of bytes left in the buffer.',
    );
  });

  it('a C++ header is not mined as C', () => {
    const pairs = mine(
      'c',
      'libcurlpp-dev',
      'usr/include/curlpp/Easy.h',
      `namespace curlpp {\n/**\n * Performs the request and waits for the answer.\n */\nclass Easy {\npublic:\n  void perform();\n};\n}\n`,
    );
    expect(pairs.size).toBe(0);
  });

  it('the other languages read their docs as before (language given or not)', () => {
    expect(isDocComment('/* note */', 'c')).toBe(false);
    expect(isDocComment('/** Doc. */', 'c')).toBe(true);
    const go = '// NewReader returns a reader that decompresses r.\n// It buffers at most 4 kB.';
    expect(docViews(go, 'NewReader', 'go')).toEqual(docViews(go, 'NewReader'));
    const js = '/**\n * Parses the {@link Options} object.\n * @param input - raw text\n */';
    expect(docViews(js, 'parse', 'javascript')).toEqual(docViews(js, 'parse'));
  });
});

describe('the Ruby, PHP and C sources', () => {
  it('are opt-in: the default and grown sets have none, FOURFOLD_MODEL_SOURCES=languages adds all three', () => {
    expect(debianPins(undefined).map(([l]) => l)).toEqual(['go', 'rust', 'python']);
    expect(debianPins('grown').map(([l]) => l)).toEqual(['go', 'rust', 'python']);
    const languages = new Map(debianPins('languages'));
    for (const l of ['ruby', 'php', 'c'] as const) expect(languages.get(l)).toBe(DEBIAN_PACKAGES_LANGUAGES[l]);
  });

  it('hold no project the real set scores, by name or by its family, and every real project is dropped by name', () => {
    const evaluated = evaluatedPackages();
    const families =
      /^(ruby-(thor|rack|sequel)|php-(monolog|twig|league-commonmark)|libxcrypt|libcrypt|dahdi|apfs|jool)/;
    for (const pins of Object.values(DEBIAN_PACKAGES_LANGUAGES))
      for (const pin of pins) {
        const name = pin.split('=')[0];
        expect(evaluated.has(projectKey(name)), name).toBe(false);
        expect(families.test(name), name).toBe(false);
      }
    for (const p of REAL_PROJECTS) expect(evaluated.has(projectKey(p.pkg)), p.pkg).toBe(true);
  });

  it("languages2 adds the larger lists, without any package of an evaluated project's upstream", () => {
    expect(debianPins(undefined).some(([, pins]) => pins.some((p) => p.startsWith('ruby-')))).toBe(false);
    const more = new Map(debianPins('languages2'));
    const evaluated = evaluatedPackages();
    // The eighth and ninth groups' upstreams too (symfony-validator shares Debian's `symfony`), and
    // the gems aws-sdk-core's upstream (aws-sdk-ruby) generates beside it.
    const upstreams =
      /symfony|capstone|rustix|sphinx|gnulib|rubygems|rouge|quic-go|monolog|twig|commonmark|phpseclib|aws-sdk|doctrine-orm/;
    for (const l of ['ruby', 'php', 'c'] as const) {
      const pins = more.get(l) ?? [];
      for (const pin of DEBIAN_PACKAGES_LANGUAGES_MORE[l]) expect(pins).toContain(pin);
      for (const pin of pins) {
        const name = pin.split('=')[0];
        expect(evaluated.has(projectKey(name)), name).toBe(false);
        expect(upstreams.test(name), name).toBe(false);
      }
    }
  });
});
