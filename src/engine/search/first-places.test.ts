/**
 * A question asking how: a near tie between files goes to the result a list puts first and another
 * ranks near its top, over one that fewer lists put first (fuse.ts withFirstPlacesBreakingTies).
 * Shape of quic-go 0.29 (MIT), internal/congestion/cubic_sender.go and
 * internal/ackhandler/sent_packet_handler.go, with the ranks each list gave the two in the real set
 * (understand_code, default preset) for "how does the sender decide that a packet it sent is lost
 * and should be retransmitted".
 */
import { describe, expect, it } from 'vitest';
import type { Chunk, Modality, ModalityHit, SourceFile } from '../contract';
import { fuse } from '../fuse';
import { FIRST_PLACE_TIE_SHARE } from '../ranking';
import { at, chunkOrFiller, definitionNamed, merge } from '../../../test/support/ranked-lists';
import { fusionInput } from '../../../test/support/fusion-input';
import { parsedCorpus } from '../../../test/support/parsed-corpus';

const CUBIC_SENDER = [
  'package congestion',
  '',
  '// OnPacketLost is called when a packet was declared lost.',
  'func (c *cubicSender) OnPacketLost(packetNumber int64, lostBytes int64, priorInFlight int64) {',
  '\tif packetNumber <= c.largestSentAtLastCutback {',
  '\t\treturn',
  '\t}',
  '\tc.lastCutbackExitedSlowstart = c.InSlowStart()',
  '\tc.congestionWindow = c.cubic.CongestionWindowAfterPacketLoss(c.congestionWindow)',
  '\tc.largestSentAtLastCutback = c.largestSentPacketNumber',
  '}',
  '',
].join('\n');

const SENT_PACKET_HANDLER = [
  'package ackhandler',
  '',
  'func (h *sentPacketHandler) detectLostPackets(now int64) error {',
  '\tlossDelay := h.rttStats.MaxRTT() * 9 / 8',
  '\tlostSendTime := now - lossDelay',
  '\tvar lostPackets []int64',
  '\tfor _, p := range h.history {',
  '\t\tif p.SendTime < lostSendTime || h.largestAcked >= p.PacketNumber+3 {',
  '\t\t\tlostPackets = append(lostPackets, p.PacketNumber)',
  '\t\t}',
  '\t}',
  '\treturn h.queueForRetransmission(lostPackets)',
  '}',
  '',
].join('\n');

const FILES: SourceFile[] = [
  { path: 'internal/congestion/cubic_sender.go', text: CUBIC_SENDER },
  { path: 'internal/ackhandler/sent_packet_handler.go', text: SENT_PACKET_HANDLER },
];

const corpus = await parsedCorpus(FILES);
const named = (symbol: string) => definitionNamed(corpus, symbol);

describe('a near tie between files on a question asking how', () => {
  const onLost = named('OnPacketLost');
  const detect = named('detectLostPackets');
  const run = (structuralRankOfDetect: number, firstPlacesBreakTies = true, shares = [0.71, 0.71]) => {
    const lists: Partial<Record<Modality, ModalityHit[]>> = {
      semantic: merge(at(6, onLost), at(8, detect)),
      text: merge(at(0, detect), at(1, onLost)),
      structural: merge(at(1, onLost), at(structuralRankOfDetect, detect)),
    };
    return fuse(
      fusionInput(lists, chunkOrFiller(corpus, 'q', '.go'), {
        limit: 10,
        fileWordsOf: (c: Chunk) =>
          [onLost.id, detect.id].map((id, i) => (c.id === id ? shares[i] : 0)).reduce((a, b) => a + b),
        firstPlacesBreakTies,
      }),
    ).filter((r) => r.chunkId === onLost.id || r.chunkId === detect.id);
  };

  it('goes to the function the text list puts first and the structural list third', () => {
    // Without the rule the congestion controller's callback leads by a hair on its ranks.
    const [before] = run(2, false);
    expect(before.symbol).toBe('OnPacketLost');
    const [shown, passed] = run(2);
    expect(passed.score).toBeGreaterThanOrEqual(FIRST_PLACE_TIE_SHARE * shown.score);
    expect(shown.symbol).toBe('detectLostPackets');
    expect(shown.explanation.aboveByFirstPlace).toEqual({
      chunkId: onLost.id,
      path: 'internal/congestion/cubic_sender.go',
      startLine: onLost.startLine,
    });
    expect(passed.symbol).toBe('OnPacketLost');
  });

  it('stays below when its first place is the only one near a list top', () => {
    // Tenth by structure: one list reads it as the answer, the others do not.
    const [first] = run(10);
    expect(first.symbol).toBe('OnPacketLost');
    expect(first.explanation.aboveByFirstPlace).toBeUndefined();
  });

  it('stays below when its file says less of the question', () => {
    const [first] = run(2, true, [0.71, 0.6]);
    expect(first.symbol).toBe('OnPacketLost');
  });
});
