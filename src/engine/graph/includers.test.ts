/**
 * "What includes FILE" on systemtap's runtime shapes (the real set's systemtap:dependants:25): the
 * files whose `#include` names the header, from its folder, from another (`"x.h"` found by its
 * path's end) or up a folder (`"../x.h"`); a file that only calls the header's functions through
 * another header it includes is a dependant ("what depends on") but no includer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeGrammars } from '../../node/grammars';
import { StructuralAnalyzer } from '../structural/analyzer';
import { parsedGraph } from '../../../test/support/parsed-graph';
import { planQuery } from '../classify';

let analyzer: StructuralAnalyzer;
beforeAll(async () => {
  analyzer = await StructuralAnalyzer.create(nodeGrammars, { languages: [] });
});

const filesAnswering = async (files: Record<string, string>, raw: string, terms: string[], limit = 20) => {
  const { corpus, graph } = await parsedGraph(analyzer, files);
  // The classifier's plan fields (asksIncluders) with the test's terms.
  const hits = graph.search({ ...planQuery(raw), intent: 'impact_analysis', identifiers: [], terms }, limit);
  return [...new Set(hits.map((h) => corpus.chunks[h.chunkId].path))].sort();
};

const runtime = {
  'stp_helper_lock.h': [
    '#ifndef _STP_HELPER_LOCK_H_',
    '#define _STP_HELPER_LOCK_H_',
    '',
    '#include <linux/spinlock.h>',
    '',
    'static inline void stp_spin_lock(raw_spinlock_t *lock)\t\t{ raw_spin_lock(lock); }',
    'static inline void stp_spin_unlock(raw_spinlock_t *lock)\t{ raw_spin_unlock(lock); }',
    '',
    '#endif /* _STP_HELPER_LOCK_H_ */',
  ].join('\n'),
  'task_finder_vma.c': [
    '#include <linux/list.h>',
    '#include "stp_helper_lock.h"',
    '',
    'static void __stp_tf_vma_lock(void) { stp_spin_lock(&__stp_tf_vma_map_lock); }',
  ].join('\n'),
  'linux/alloc.c': ['#include "stp_helper_lock.h"', '', 'static int _stp_allocated_memory = 0;'].join('\n'),
  'transport/control.h': [
    '#ifndef _CONTROL_H_',
    '#define _CONTROL_H_',
    '',
    '#include <linux/spinlock.h>',
    '#include "../stp_helper_lock.h"',
    '',
    'static struct list_head _stp_ctl_ready_q;',
    '',
    '#endif',
  ].join('\n'),
  // Calls stp_spin_lock through control.h: it depends on the header but does not include it.
  'transport/transport.c': [
    '#include "transport.h"',
    '#include "control.h"',
    '',
    'static void _stp_ctl_work_callback(unsigned long unused)',
    '{',
    '\tstp_spin_lock(&_stp_ctl_ready_lock);',
    '}',
  ].join('\n'),
  'transport/transport.h': ['#ifndef _TRANSPORT_H_', '#define _TRANSPORT_H_', '#endif'].join('\n'),
};

describe('what includes a C header', () => {
  it('lists the files whose #include names it, from any folder, and no file that only calls it (systemtap)', async () => {
    const includers = ['linux/alloc.c', 'task_finder_vma.c', 'transport/control.h'];
    expect(await filesAnswering(runtime, 'what includes stp_helper_lock.h', ['stp', 'helper', 'lock'])).toEqual(
      includers,
    );
    // "What depends on" keeps the file that calls through another header.
    expect(await filesAnswering(runtime, 'what depends on stp_helper_lock.h', ['stp', 'helper', 'lock'])).toEqual(
      [...includers, 'transport/transport.c'].sort(),
    );
  });

  it('an #include of x.h is no include of x.c (the header implemented beside it)', async () => {
    const files = {
      'stat-common.h': 'int _stp_stat_print_histogram(int h);\n',
      'stat-common.c': '#include "stat-common.h"\nint _stp_stat_print_histogram(int h) { return h; }\n',
      'stat.c': '#include "stat-common.c"\n',
      'map.c': '#include "stat-common.h"\nint f(void) { return _stp_stat_print_histogram(1); }\n',
    };
    expect(await filesAnswering(files, 'which files include stat-common.c', ['stat', 'common'])).toEqual(['stat.c']);
  });

  it('what depends on a header lists its includers before the files that reach it through another header (uwsgi cr.h)', async () => {
    const user = (name: string) =>
      `#include "common.h"\n\nssize_t ${name}(struct corerouter_peer *main_peer) {\n\treturn 0;\n}\n`;
    const files = {
      'plugins/corerouter/cr.h': 'struct corerouter_peer {\n\tint fd;\n};\n',
      'plugins/http/common.h': '#include "../corerouter/cr.h"\n\nstruct http_session;\n',
      'plugins/http/http.c': user('hr_recv_stud4'),
      'plugins/http/https.c': user('hr_recv_https'),
      'plugins/http/spdy3.c': user('spdy_parse'),
      'plugins/http/keepalive.c': user('hr_keepalive'),
      'plugins/rawrouter/rawrouter.c': [
        '#include "../../uwsgi.h"',
        '#include "../corerouter/cr.h"',
        '',
        'ssize_t rr_instance_read(struct corerouter_peer *peer) {',
        '\treturn 0;',
        '}',
      ].join('\n'),
    };
    expect(await filesAnswering(files, 'what depends on corerouter/cr.h', ['corerouter', 'cr'], 2)).toEqual([
      'plugins/http/common.h',
      'plugins/rawrouter/rawrouter.c',
    ]);
  });

  it('what depends on a shell library lists the scripts sourcing it before those calling its names unsourced (clonezilla gl-functions)', async () => {
    // GParted Live's scripts source the library where it is installed; clonezilla's own library
    // calls `check_if_root`, which it has from drbl-conf-functions (not in the repository).
    const script = (body: string) => `#!/bin/bash\n. /usr/share/gparted/bin/gl-functions\n\n${body}\n`;
    const files = {
      'share/drbl/setup/files/gparted/usr/share/gparted/bin/gl-functions': [
        '#!/bin/bash',
        'check_if_root() {',
        '  if [ "$(id -u)" != "0" ]; then',
        '    exit 1',
        '  fi',
        '}',
        '',
      ].join('\n'),
      'share/drbl/setup/files/gparted/usr/sbin/Forcevideo': script('check_if_root\ndpkg-reconfigure xserver-xorg'),
      'share/drbl/setup/files/gparted/usr/bin/gl-screenshot': script('fbgrab /tmp/screenshot.png'),
      'share/drbl/sbin/ocs-functions': [
        '#!/bin/bash',
        'is_spawned_by_drbl_ocs() {',
        '  check_if_root',
        '  return 0',
        '}',
        '',
      ].join('\n'),
      'sbin/ocs-sr':
        '#!/bin/bash\n. $DRBL_SCRIPT_PATH/sbin/drbl-conf-functions\n. $DRBL_SCRIPT_PATH/sbin/ocs-functions\n\nis_spawned_by_drbl_ocs\n',
      'sbin/ocs-onthefly': '#!/bin/bash\n. $DRBL_SCRIPT_PATH/sbin/ocs-functions\n\nis_spawned_by_drbl_ocs\n',
    };
    expect(
      await filesAnswering(
        files,
        'what depends on share/drbl/setup/files/gparted/usr/share/gparted/bin/gl-functions',
        ['gl', 'functions'],
        2,
      ),
    ).toEqual([
      'share/drbl/setup/files/gparted/usr/bin/gl-screenshot',
      'share/drbl/setup/files/gparted/usr/sbin/Forcevideo',
    ]);
  });
});
