import type { CataloguedVoice } from '../command-voice/catalogued-voice.js';

const VOICES_DIR = '/usr/share/RHVoice/voices';

/**
 * RHVoice's voices whose data is LGPL-2.1-or-later (Debian's rhvoice-english and rhvoice-russian,
 * non-free). The packages hold more voices whose licence forbids commercial use (lyubov,
 * evgeniy-eng, and nine Russian ones: CC BY-NC-ND 4.0): they are never used, since the product
 * has paid plans. English voices are ordered by intelligibility measured here (clb best).
 */
export const RHVOICE_VOICES: readonly CataloguedVoice[] = [
  voice('clb', 'RHVoice CLB', 'eng', 'female'),
  voice('bdl', 'RHVoice BDL', 'eng', 'male'),
  voice('alan', 'RHVoice Alan', 'eng', 'male'),
  voice('slt', 'RHVoice SLT', 'eng', 'female'),
  voice('aleksandr', 'RHVoice Aleksandr', 'rus', 'male'),
  voice('anna', 'RHVoice Anna', 'rus', 'female'),
  voice('elena', 'RHVoice Elena', 'rus', 'female'),
  voice('irina', 'RHVoice Irina', 'rus', 'female'),
];

function voice(id: string, name: string, language: 'eng' | 'rus', gender: 'female' | 'male'): CataloguedVoice {
  return { id, name, language, gender, licence: 'LGPL-2.1-or-later', files: [`${VOICES_DIR}/${id}/voice.info`] };
}
