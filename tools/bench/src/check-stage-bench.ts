import { loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_MIX, placedSpan, toSrt, type Segment } from '@voxlate/core';
import { Dubber } from '@voxlate/dubber';
import { defaultRegistries } from '@voxlate/engines';
import { decodeForAnalysis, probeMedia } from '@voxlate/media';
import { ModelManager } from '@voxlate/models';
import { loopedRecording } from './make-inputs.js';
import { show, timedRuns, type Spread } from './timed-runs.js';

/** The target: the check stage at most this times the recogniser alone on the dubbed lines. */
const CHECK_TARGET = 1.3;
/** Seconds between the transcript's lines, and how long each is. */
const LINE_EVERY = 4;
const LINE_SECONDS = 3.2;

/** A Spanish cooking video's transcript: an English dub needs a non-English source, and offline that is a transcript. */
const SPANISH_LINES = [
  'Bienvenidos de nuevo al canal.',
  'Hoy cocinamos una cena sencilla.',
  'Primero cortamos las cebollas.',
  'Después calentamos el aceite en la sartén.',
  'El agua tiene que hervir durante diez minutos.',
  'Mientras tanto, lavamos las verduras.',
  'Mi abuela siempre hacía esta receta los domingos.',
  'Añadimos un poco de sal y pimienta.',
  'No hace falta comprar nada especial.',
  'La salsa está casi lista.',
  'Ahora probamos el arroz.',
  'Si está duro, esperamos un poco más.',
  'Servimos la comida en platos calientes.',
  'Gracias por ver este vídeo.',
  'Dejad vuestras preguntas en los comentarios.',
  'La semana que viene haremos un postre.',
  'Podéis encontrar la receta en la descripción.',
  'Nos vemos muy pronto.',
  'Hasta la próxima.',
  'Que aproveche.',
];

export interface CheckStageFigure {
  mediaSeconds: number;
  lines: number;
  check: Spread;
  recognition: Spread;
  recogniser: string;
}

/**
 * The check stage of a warm English dub (every dubbed line heard back and scored), beside the
 * same warm recogniser alone on the same dubbed lines: the dub's output, its background ducked
 * to silence, recognised over each line's placed span. What the stage adds to the hearing it
 * needs is its own mix of the lines and the scoring.
 */
export async function checkStageBesideRecognition(
  work: string,
  log: (line: string) => void,
): Promise<CheckStageFigure> {
  const mediaSeconds = SPANISH_LINES.length * LINE_EVERY + 2;
  const input = loopedRecording(work, mediaSeconds, 'check-source.m4a');
  const output = join(work, 'check-dub.wav');
  const transcript = spanishSrt();
  const dubber = new Dubber();
  let segments: Segment[] = [];
  const checkSeconds = async (): Promise<number> => {
    const run = await dubber.dub({
      input,
      output,
      sourceLanguage: 'spa',
      targetLanguage: 'eng',
      transcript,
      options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
    });
    segments = run.timeline.segments;
    return run.stageSeconds.check ?? Number.NaN;
  };
  await checkSeconds();
  const check = await timedRuns(checkSeconds, 3);
  await dubber.close();

  const recogniserId = segments.find((segment) => segment.check?.intelligibility)?.check?.intelligibility?.engine;
  if (!recogniserId) throw new Error('The English dub was not heard back: no recogniser for English is installed.');
  const spans = segments.flatMap((segment) => placedSpan(segment) ?? []);
  const registries = defaultRegistries(new ModelManager());
  const recogniser = await registries.asr.get(recogniserId);
  const audio = await decodeForAnalysis(output, { declared: probeMedia(output), limitSeconds: 600, workDir: work }, {});
  const recognise = async (): Promise<number> => {
    const started = performance.now();
    await recogniser.recognise(audio, spans, 'eng', {});
    return (performance.now() - started) / 1000;
  };
  await recognise();
  const recognition = await timedRuns(recognise);
  await registries.asr.close();
  log(
    `  check stage of a warm English dub (${mediaSeconds} s, ${spans.length} lines, spa transcript -> eng): ` +
      `${show(check)} s beside ${recogniserId} alone on the dubbed lines ${show(recognition)} s: ` +
      `${(check.median / recognition.median).toFixed(2)} x (target: at most ${CHECK_TARGET} x); load ${loadavg()[0]!.toFixed(2)}`,
  );
  return { mediaSeconds, lines: spans.length, check, recognition, recogniser: recogniserId };
}

/** The lines as subtitles: one every LINE_EVERY seconds, each LINE_SECONDS long. */
function spanishSrt(): string {
  return toSrt(
    SPANISH_LINES.map((text, i) => {
      const start = 0.3 + i * LINE_EVERY;
      return { start, end: start + LINE_SECONDS, text };
    }),
  );
}
