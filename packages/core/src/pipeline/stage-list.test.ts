import { describe, expect, it } from 'vitest';
import { STAGES } from '../events.js';
import { DEFAULT_CHOICES, resolveChoices } from './dub-choices.js';
import { plannedStages, STAGE_LIST, stageLabel, stageWeights, type StagePlanInput } from './stage-list.js';

const plan = (overrides: Partial<StagePlanInput> = {}): StagePlanInput => ({
  choices: DEFAULT_CHOICES,
  picture: false,
  transcript: false,
  noSeparator: 'none installed',
  ...overrides,
});

describe('the stage list', () => {
  it('declares every stage once, in the order they run, each with its label and weight', () => {
    expect(STAGE_LIST.map((stage) => stage.id)).toEqual([...STAGES]);
    for (const stage of STAGE_LIST) {
      expect(stageLabel(stage.id)).toBe(stage.label);
      expect(stage.label.length).toBeGreaterThan(0);
      expect(stage.weight).toBeGreaterThan(0);
    }
  });

  it('plans no lip sync or burn-in for a dub that asks for neither, nor for one without a picture', () => {
    const ids = (input: StagePlanInput) => plannedStages(input).map((stage) => stage.id);
    expect(ids(plan({ picture: true }))).not.toContain('lipsync');
    expect(ids(plan({ picture: true }))).not.toContain('burn');
    const asked = resolveChoices({ lipSync: true, subtitles: { burnIn: true } });
    expect(ids(plan({ choices: asked, picture: false }))).not.toContain('lipsync');
    expect(ids(plan({ choices: asked, picture: true }))).toEqual(expect.arrayContaining(['lipsync', 'burn']));
  });

  it('plans no recognition from subtitles, no separation without a separator, no shaping for a plain voice', () => {
    const ids = plannedStages(plan({ transcript: true, choices: resolveChoices({ voice: { mode: 'neutral' } }) })).map(
      (stage) => stage.id,
    );
    expect(ids).not.toContain('recognise');
    expect(ids).not.toContain('separate');
    expect(ids).not.toContain('shape');
    expect(ids).toEqual(expect.arrayContaining(['ingest', 'segment', 'translate', 'synthesise', 'fit', 'mix']));
  });

  it('gives the stages that do not run no weight', () => {
    const weights = new Map(stageWeights(plan()));
    expect(weights.get('lipsync')).toBe(0);
    expect(weights.get('separate')).toBe(0);
    expect(weights.get('recognise')).toBeGreaterThan(0);
  });
});
