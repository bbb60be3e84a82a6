import { outputDurationOf } from '../placement.js';
import type { Timeline } from '../timeline.js';
import type { Cue } from '@voxlate/shared';
import { cueRulesFor, type CueRules } from './cue-rules.js';
import { holdForReading } from './split-cues.js';
import { breakCost, joinWords, subtitleWords, widthOf, type SubtitleWord } from './subtitle-words.js';
import { cueSpans, phonemeTimes, withMinimumDuration } from './timeline-cues.js';

/** A group of consecutive words (`from` to `to`, exclusive); empty when they are equal. */
interface Group {
  from: number;
  to: number;
}

/** A cue with nothing on one side: allowed only when that side has fewer words than cues are needed. */
const EMPTY_COST = 1000;
/** How much a source line's share of its text may drift from its target line's before it costs. */
const DRIFT_WEIGHT = 400;
/** More cues than the fewest that fit are tried before giving up on a line (a word wider than a line always fits). */
const EXTRA_CUES = 6;

/**
 * Subtitles in two languages: each cue the dubbed line's text on one line and the source's
 * words said there on a line under it. The reading rules are the one-language ones, per line:
 * two lines a cue, each no wider than its own language allows, seven seconds at most, held
 * long enough to read the target line. Cues follow where the dub is heard, never cross lines
 * (so never a change of speaker); within a line the source is shared out in proportion to the
 * target (the engines give no word alignment), so a cue's two halves say about the same.
 */
export function bilingualCues(timeline: Timeline): Cue[] {
  const targetRules = oneLine(cueRulesFor(timeline.targetLanguage));
  const sourceRules = oneLine(cueRulesFor(timeline.sourceLanguage));
  const spans = cueSpans(timeline, 'target');
  const cues = timeline.segments.flatMap((segment, i) => {
    const span = spans[i]!;
    const target = subtitleWords(segment.targetText.trim(), targetRules);
    const source = subtitleWords(segment.sourceText.trim(), sourceRules);
    if (target.length === 0 && source.length === 0) return [];
    const offsetBase = segment.targetText.length - segment.targetText.trimStart().length;
    const timeAt = phonemeTimes(segment, segment.targetText, span);
    const timeOf = (to: number): number => (to < target.length ? timeAt(offsetBase + target[to]!.offset) : span.end);
    const secondsOf = (group: Group): number => timeOf(group.to) - (group.from === 0 ? span.start : timeOf(group.from));
    const pairs = pairedGroups(target, source, targetRules, sourceRules, secondsOf);
    const starts = cueStarts(pairs, source.length, timeOf, span);
    const timed = pairs.map(([targetGroup, sourceGroup], k) => ({
      start: starts[k]!,
      end: starts[k + 1] ?? span.end,
      text: joinWords(target.slice(targetGroup.from, targetGroup.to)),
      source: joinWords(source.slice(sourceGroup.from, sourceGroup.to)),
    }));
    // Held for reading by the target line, the one the dub speaks.
    const held = holdForReading(
      timed.map(({ start, end, text }) => ({ start, end, text })),
      span.limit,
      targetRules,
    );
    return held.map((cue, k) => ({ ...cue, text: [cue.text, timed[k]!.source].filter(Boolean).join('\n') }));
  });
  return withMinimumDuration(cues, targetRules.minSeconds, outputDurationOf(timeline));
}

function oneLine(rules: CueRules): CueRules {
  return { ...rules, maxLines: 1 };
}

/**
 * The line's words cut into the fewest cues where each side fits one line: the target cut as
 * evenly as it reads best, then the source cut where its share of the text is closest to the
 * target's at each cut.
 */
function pairedGroups(
  target: readonly SubtitleWord[],
  source: readonly SubtitleWord[],
  targetRules: CueRules,
  sourceRules: CueRules,
  secondsOf: (group: Group) => number,
): [Group, Group][] {
  const fewest = Math.max(linesNeeded(target, targetRules), linesNeeded(source, sourceRules), 1);
  for (let count = fewest; count <= fewest + EXTRA_CUES; count++) {
    const targetGroups = exactGroups(target, count, targetRules, (group) => evenness(target, group, targetRules), {
      secondsOf,
    });
    if (!targetGroups) continue;
    const shares = targetGroups.map((group) => shareBefore(target, group.to));
    const sourceGroups = exactGroups(
      source,
      count,
      sourceRules,
      (group, index) => DRIFT_WEIGHT * (shareBefore(source, group.to) - shares[index]!) ** 2,
    );
    if (sourceGroups) return targetGroups.map((group, k) => [group, sourceGroups[k]!]);
  }
  // Not reached: a count of one cue per word of the longer side always fits.
  return [[whole(target), whole(source)]];
}

function whole(words: readonly SubtitleWord[]): Group {
  return { from: 0, to: words.length };
}

/** The fewest lines the words fill, packed greedily (which is optimal for packing in order). */
function linesNeeded(words: readonly SubtitleWord[], rules: CueRules): number {
  let lines = 0;
  let from = 0;
  for (let to = 1; to <= words.length; to++) {
    if (widthOf(joinWords(words.slice(from, to))) > rules.maxLineChars && to - 1 > from) {
      lines++;
      from = to - 1;
    }
  }
  return words.length > from ? lines + 1 : lines;
}

/** The share of the text's characters before word `to`. */
function shareBefore(words: readonly SubtitleWord[], to: number): number {
  const total = widthOf(joinWords(words));
  return total === 0 ? 1 : widthOf(joinWords(words.slice(0, to))) / total;
}

function evenness(words: readonly SubtitleWord[], group: Group, rules: CueRules): number {
  const width = widthOf(joinWords(words.slice(group.from, group.to)));
  return (width * width) / rules.maxLineChars;
}

/**
 * The cut of `words` into exactly `count` groups of least cost, each one line wide at most (a
 * single word always fits) and, with `secondsOf`, no longer than the rules' seconds; a group
 * may be empty only at a cost, for a side with fewer words than cues. Undefined when no cut fits.
 */
function exactGroups(
  words: readonly SubtitleWord[],
  count: number,
  rules: CueRules,
  costOf: (group: Group, index: number) => number,
  limits: { secondsOf?: (group: Group) => number } = {},
): Group[] | undefined {
  const n = words.length;
  // best[k][to]: the least cost of cutting words[0, to) into k groups, and where the last began.
  const best = Array.from({ length: count + 1 }, () =>
    Array.from({ length: n + 1 }, () => ({ cost: Number.POSITIVE_INFINITY, from: -1 })),
  );
  best[0]![0] = { cost: 0, from: -1 };
  for (let k = 1; k <= count; k++) {
    for (let to = 0; to <= n; to++) {
      for (let from = to; from >= 0; from--) {
        const group = { from, to };
        if (!fits(words, group, rules, limits.secondsOf)) break;
        const before = best[k - 1]![from]!.cost;
        if (!Number.isFinite(before)) continue;
        const cost =
          before +
          costOf(group, k - 1) +
          (from === to ? EMPTY_COST : 0) +
          (to > from ? breakCost(words[to - 1]!, words[to], rules) : 0);
        if (cost < best[k]![to]!.cost) best[k]![to] = { cost, from };
      }
    }
  }
  if (!Number.isFinite(best[count]![n]!.cost)) return undefined;
  const groups: Group[] = [];
  for (let k = count, to = n; k > 0; k--) {
    const from = best[k]![to]!.from;
    groups.unshift({ from, to });
    to = from;
  }
  return groups;
}

function fits(
  words: readonly SubtitleWord[],
  group: Group,
  rules: CueRules,
  secondsOf: ((group: Group) => number) | undefined,
): boolean {
  const size = group.to - group.from;
  if (size <= 1) return true;
  if (widthOf(joinWords(words.slice(group.from, group.to))) > rules.maxLineChars) return false;
  return secondsOf === undefined || secondsOf(group) <= rules.maxSeconds;
}

/**
 * When each cue starts: the first at the line's start, the others where their first target
 * word is heard; a cue with no target words where its source share falls in the line's span.
 * Never earlier than the cue before.
 */
function cueStarts(
  pairs: readonly [Group, Group][],
  sourceCount: number,
  timeOf: (to: number) => number,
  span: { start: number; end: number },
): number[] {
  const starts: number[] = [];
  for (const [k, [targetGroup, sourceGroup]] of pairs.entries()) {
    const heard =
      k === 0
        ? span.start
        : targetGroup.to > targetGroup.from
          ? timeOf(targetGroup.from)
          : span.start + (span.end - span.start) * (sourceGroup.from / Math.max(1, sourceCount));
    starts.push(Math.max(heard, starts.at(-1) ?? span.start));
  }
  return starts;
}
