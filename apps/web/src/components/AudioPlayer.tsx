import { useEffect, useMemo, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { formatTime } from '../lib/media-data.js';

const WAVE_HEIGHT = 100;
const BAR_WIDTH = 3;
const INITIAL_VOLUME = 0.5;
const PLACEHOLDER_BARS = 50;

/** Spec section 2: waveform (height 100, bar width 3), volume 0-1 step 0.05 from 0.5, time as m:ss. */
export function AudioPlayer({ url, label }: { url: string | undefined; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const wave = useRef<WaveSurfer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(INITIAL_VOLUME);

  useEffect(() => {
    if (!url || !container.current) return undefined;
    const surfer = WaveSurfer.create({
      container: container.current,
      height: WAVE_HEIGHT,
      barWidth: BAR_WIDTH,
      barGap: 1,
      barRadius: 2,
      waveColor: '#a5b4fc',
      progressColor: '#4f46e5',
      url,
    });
    surfer.setVolume(INITIAL_VOLUME);
    surfer.on('ready', () => setDuration(surfer.getDuration()));
    surfer.on('timeupdate', (seconds) => setTime(seconds));
    surfer.on('play', () => setPlaying(true));
    surfer.on('pause', () => setPlaying(false));
    wave.current = surfer;
    setVolume(INITIAL_VOLUME);
    return () => {
      surfer.destroy();
      wave.current = null;
      setPlaying(false);
      setTime(0);
    };
  }, [url]);

  if (!url) return <PlaceholderWave />;
  return (
    <div className="player" data-testid="audio-player">
      <div ref={container} className="waveform" role="img" aria-label={`${label} waveform`} />
      <div className="player-controls">
        <button
          type="button"
          className="button small"
          onClick={() => void wave.current?.playPause()}
          aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        <span className="time" aria-live="off">
          {formatTime(time)} / {formatTime(duration)}
        </span>
        <label className="volume">
          <span>Volume</span>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volume}
            aria-label={`${label} volume`}
            onChange={(event) => {
              const value = Number(event.target.value);
              setVolume(value);
              wave.current?.setVolume(value);
            }}
          />
        </label>
      </div>
    </div>
  );
}

/** Without audio: 50 random bars, fixed for the life of the component. */
function PlaceholderWave() {
  const bars = useMemo(() => Array.from({ length: PLACEHOLDER_BARS }, () => 10 + Math.random() * 80), []);
  return (
    <div className="placeholder-wave" aria-hidden="true" data-testid="placeholder-wave" style={{ height: WAVE_HEIGHT }}>
      {bars.map((height, i) => (
        <span key={i} style={{ height: `${height}%`, width: BAR_WIDTH }} />
      ))}
    </div>
  );
}
