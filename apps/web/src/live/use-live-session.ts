import { useCallback, useEffect, useRef, useState } from 'react';
import { type LiveCaption, type LiveServerMessage } from '@voxlate/contract';
import { LiveLagClock } from '@voxlate/shared';
import { DubPlayer } from './dub-player.js';
import { LiveConnection, type LiveConnectionEvents } from './live-connection.js';
import { LiveRecording, type SessionFiles } from './live-recording.js';
import { CAPTURE_RATE, microphoneProblem, openMicrophone, type Microphone } from './microphone.js';

export type LivePhase = 'idle' | 'starting' | 'live' | 'ending' | 'ended';

export interface LiveLine {
  id: number;
  final: boolean;
  sourceText: string;
  targetText: string | null;
}

export interface LiveState {
  phase: LivePhase;
  lines: LiveLine[];
  /** Seconds from the end of the last dubbed line's speech to its dubbed speech arriving. */
  lagSeconds?: number;
  linesPlayed: number;
  sessionId?: string;
  error?: string;
  files?: SessionFiles;
}

/** A live session from the page: the microphone in, captions and the dubbed voice out, the files at the end. */
export function useLiveSession() {
  const [state, setState] = useState<LiveState>({ phase: 'idle', lines: [], linesPlayed: 0 });
  const parts = useRef<{
    connection?: LiveConnection;
    microphone?: Microphone;
    player?: DubPlayer;
    recording?: LiveRecording;
    /** When each frame was sent, for the lag. */
    sentAt: LiveLagClock;
    finals: Map<number, LiveCaption>;
  }>({ sentAt: new LiveLagClock(), finals: new Map() });

  const stopCapture = useCallback(async () => {
    const { microphone } = parts.current;
    parts.current.microphone = undefined;
    await microphone?.stop();
  }, []);

  const start = useCallback(
    (source: string, target: string, glossaryId?: string) => {
      const recording = new LiveRecording();
      const player = new DubPlayer((played) => setState((before) => ({ ...before, linesPlayed: played })));
      parts.current = { recording, player, sentAt: new LiveLagClock(), finals: new Map() };
      setState({ phase: 'starting', lines: [], linesPlayed: 0 });
      const onMessage = (message: LiveServerMessage): void => {
        if (message.type === 'ready') {
          setState((before) => ({ ...before, phase: 'live', sessionId: message.session_id }));
          void openMicrophone((pcm) => {
            parts.current.sentAt.sent(pcm.byteLength / 2 / CAPTURE_RATE, performance.now());
            recording.addSource(pcm);
            parts.current.connection?.send(pcm);
          }).then(
            (microphone) => (parts.current.microphone = microphone),
            (error: unknown) => {
              setState((before) => ({ ...before, error: microphoneProblem(error) }));
              parts.current.connection?.close();
            },
          );
        } else if (message.type === 'caption') {
          recording.addCaption(message);
          if (message.final) parts.current.finals.set(message.id, message);
          setState((before) => ({ ...before, lines: withCaption(before.lines, message) }));
        } else if (message.type === 'error') {
          setState((before) => ({ ...before, error: message.error }));
        } else if (message.type === 'audio') {
          const line = parts.current.finals.get(message.id);
          const lag = line && parts.current.sentAt.lagOf(line, performance.now());
          if (lag !== undefined) setState((before) => ({ ...before, lagSeconds: Math.round(lag * 10) / 10 }));
        }
      };
      const events: LiveConnectionEvents = {
        message: onMessage,
        audio: (header, pcm) => {
          recording.addAudio(header, pcm);
          player.play(pcm, header.sample_rate);
        },
        closed: (code, reason) => {
          void stopCapture();
          setState((before) => ({
            ...before,
            phase: 'ended',
            files: recording.lines > 0 ? recording.files() : undefined,
            error: before.error ?? (code === 1000 ? undefined : reason || 'The connection to the service was lost.'),
          }));
        },
      };
      parts.current.connection = new LiveConnection(source, target, events, glossaryId);
    },
    [stopCapture],
  );

  /** Stops listening; the service finishes the lines already heard, then the files are ready. */
  const stop = useCallback(async () => {
    await stopCapture();
    setState((before) => ({ ...before, phase: 'ending' }));
    parts.current.connection?.end();
  }, [stopCapture]);

  const setVolume = useCallback((volume: number) => parts.current.player?.setVolume(volume), []);
  const setMuted = useCallback((muted: boolean) => parts.current.player?.setMuted(muted), []);

  // Leaving the page ends the session and frees the microphone.
  useEffect(
    () => () => {
      void parts.current.microphone?.stop();
      parts.current.connection?.close();
      void parts.current.player?.close();
    },
    [],
  );

  return { state, start, stop, setVolume, setMuted };
}

/** The lines with this caption in its place: a partial replaces the line's text so far, a final settles it. */
function withCaption(lines: readonly LiveLine[], caption: LiveCaption): LiveLine[] {
  const line: LiveLine = {
    id: caption.id,
    final: caption.final,
    sourceText: caption.source_text,
    targetText: caption.target_text,
  };
  const kept = lines.filter((existing) => existing.id !== caption.id);
  if (caption.final && caption.source_text === '') return kept;
  return [...kept, line].sort((a, b) => a.id - b.id).slice(-50);
}
