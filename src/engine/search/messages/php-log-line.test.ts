/**
 * A line of a PHP program's error log pasted whole (`[07-Dec-2026 09:20:45 +0000]: <9f2c41ab> DB
 * Error: … in /usr/share/app/lib/cache.php on line 75 (GET /?_task=mail&_action=list)`): the
 * request after it is no pattern, the logger's clock, id and level are taken off, a value printed
 * empty still aligns, and the `FILE on line N` it names picks the raiser among formats that tie.
 * The PHP below is written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { engineOver } from '../../../../test/support/engine';
import { parseQuery } from '../../query-syntax';
import { alignFormat } from './align';
import { formatPieces } from './formats';
import { unwrapMessage } from './paste';

const logger = `<?php
class app_log
{
    public static function log_bug($arg)
    {
        $msg = sprintf('%s Error: %s%s', strtoupper($arg['type']), $arg['message'],
            !empty($arg['file']) ? sprintf(' in %s on line %d', $arg['file'], $arg['line']) : '');
        self::write_log('errors', $msg);
    }
}
`;

const action = (name: string, twin: boolean) => `<?php
class action_${name}
{
    public function run($args = [])
    {
        $uid = $this->get_uid();
        if ($uid) {
            $this->show($uid);
        }
        else {
            app_log::raise_error([
                    'code'    => 500,
                    'file'    => __FILE__,
                    'line'    => __LINE__,
                    'message' => "Message UID ${twin ? '{$uid}' : '$uid'} not found"
                ],
                true, true
            );
        }
    }
}
`;

const cache = `<?php
class app_cache
{
    public static function factory($driver)
    {
        $class = "app_cache_$driver";
        if (!$driver || !class_exists($class)) {
            app_log::raise_error([
                    'code' => 600, 'type' => 'db',
                    'line' => __LINE__, 'file' => __FILE__,
                    'message' => "Configuration error. Unsupported cache driver: $driver"
                ],
                true, true
            );
        }
        return new $class();
    }
}
`;

describe('a PHP error log line pasted whole', () => {
  const line =
    '[07-Dec-2026 09:20:45 +0000]: <9f2c41ab> DB Error: Configuration error. Unsupported cache driver: memcache2 in /usr/share/app/program/lib/app_cache.php on line 10 (GET /?_task=mail&_action=list&_mbox=INBOX)';

  it('the request after the location is a URL, not a /pattern/ left open', () => {
    expect(parseQuery(line).error).toBeUndefined();
    expect(parseQuery(line).text).toBe(line);
    for (const pasted of [
      'Access denied (POST /?_task=login&_action=login)',
      '"GET /index.php HTTP/1.1" 500',
      'failed for /index.php?id=3&page=2 after 30s',
    ]) {
      expect(parseQuery(pasted).text).toBe(pasted);
      expect(parseQuery(pasted).error).toBeUndefined();
    }
    // Any line that opens with a log's clock or level is pasted: its slashes open no pattern.
    for (const pasted of [
      '[07-Dec-2026 09:14:02 +0000]: PHP Error: Bad pattern /a(b given',
      '2026-12-07 09:14:02 ERROR no handler for /items(7',
      'WARNING: bad name /x[1',
    ])
      expect(parseQuery(pasted).error).toBeUndefined();
    expect(parseQuery('/x(y').errorCode).toBe('unclosed-regex');
    // Typed after other words, an unclosed pattern is still one.
    expect(parseQuery('copy /unterminated').errorCode).toBe('unclosed-regex');
    expect(parseQuery('where /set?x').errorCode).toBe('unclosed-regex');
  });

  it('the clock, the session id, the level and the location with its request are the logger’s', () => {
    expect(unwrapMessage(line).at(-1)).toBe('Configuration error. Unsupported cache driver: memcache2');
    // PHP's own error_log line, Apache's error log and the access log's clock.
    expect(
      unwrapMessage('[07-Dec-2026 09:14:02 UTC] PHP Warning:  Undefined variable $x in /var/www/a.php on line 3').at(
        -1,
      ),
    ).toBe('Undefined variable $x');
    expect(unwrapMessage('[Mon Dec 07 09:20:45.123456 2026] REDIS Error: Failed to connect').at(-1)).toBe(
      'Failed to connect',
    );
    expect(unwrapMessage('[07/Dec/2026:09:20:45 +0000] <ab12> IMAP Error: Login failed for x').at(-1)).toBe(
      'Login failed for x',
    );
    // A word in capitals before `Error:` that is the message's own stays: only the logger's head is taken off.
    expect(unwrapMessage('Configuration error. Unsupported cache driver: x')).toEqual([
      'Configuration error. Unsupported cache driver: x',
    ]);
  });

  it('a value printed empty, its two spaces around it, still aligns; one space alone does not', () => {
    const pieces = formatPieces('Message UID $uid not found');
    expect(alignFormat(pieces, 'Message UID  not found')).toMatchObject({ coverage: 1, values: [''] });
    expect(alignFormat(pieces, 'Message UID 12 not found')).toMatchObject({ coverage: 1, values: ['12'] });
    expect(alignFormat(pieces, 'Message UID not found')).toBeNull();
  });

  it('finds the raiser, not the logger that wrote the line', async () => {
    const engine = await engineOver([
      { path: 'lib/app_log.php', text: logger },
      { path: 'lib/app_cache.php', text: cache },
    ]);
    const r = await engine.search(line);
    expect(r.query.intent).toBe('exact_match');
    expect(r.results[0]).toMatchObject({ path: 'lib/app_cache.php', line: 11 });
  });

  it('of two files raising the same message, the one the line names: `FILE on line N` is a location', async () => {
    const engine = await engineOver([
      { path: 'lib/app_log.php', text: logger },
      { path: 'actions/mail/headers.php', text: action('headers', true) },
      { path: 'actions/mail/viewsource.php', text: action('viewsource', false) },
    ]);
    for (const [named, other] of [
      ['viewsource', 'headers'],
      ['headers', 'viewsource'],
    ]) {
      const r = await engine.search(
        `[07-Dec-2026 09:52:37 +0000]: <c07e1d92> PHP Error: Message UID  not found in /usr/share/app/program/actions/mail/${named}.php on line 14 (GET /?_task=mail&_action=${named})`,
      );
      expect(r.results[0].path).toBe(`actions/mail/${named}.php`);
      expect(r.results.map((x) => x.path)).not.toContain(`actions/mail/${other}.php`);
    }
  });
});

describe('a Ruby logger’s line: `[time ] LEVEL Logger::Name - message`, a list a join printed', () => {
  const message =
    'Could not parse time unit fortnights (try ns, nanos, nanoseconds, us, micros, microseconds, ms, milis, milliseconds, s, seconds, m, minutes, h, hours, d, days)';

  it('the clock with a space before its bracket, the level and the qualified logger name before ` - ` are the logger’s', () => {
    expect(unwrapMessage(`[2026-12-07 14:41:02.531337 ] ERROR Facter::FactGroups - ${message}`).at(-1)).toBe(message);
    expect(unwrapMessage('2026-12-07 14:41:02,531 WARNING app.db.pool - Pool exhausted for x').at(-1)).toBe(
      'Pool exhausted for x',
    );
    // A dash between words of a message is the message's.
    expect(unwrapMessage('Retry - giving up after 3 tries')).toEqual(['Retry - giving up after 3 tries']);
  });

  it('a comma list of any length, as a join prints it, is one value', () => {
    const pieces = formatPieces("Could not parse time unit #{unit} (try #{UNITS.keys.join(', ')})");
    expect(alignFormat(pieces, message)).toMatchObject({ coverage: 1 });
    // Words that are no list still cost their extra words.
    const worded = alignFormat(
      formatPieces('Could not parse #{what} (try again)'),
      'Could not parse the time unit you gave (try again)',
    );
    expect(worded?.score).toBeLessThan(worded?.constantChars ?? 0);
  });
});
