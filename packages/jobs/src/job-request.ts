import type { DubOptions, EngineIds, LanguageCode, SourceLanguage } from '@voxlate/core';

/** What a job was asked to do, as kept in its record (plain JSON, no paths outside the job). */
export interface JobRequest {
  /** The media's file name inside the job's `input/` folder. */
  inputFile: string;
  /** What the creator's file was called (downloads are named after it). */
  inputName: string;
  kind: 'audio' | 'video';
  sourceLanguage: SourceLanguage;
  targetLanguage: LanguageCode;
  outputContainer: 'mp4' | 'wav';
  engines: EngineIds;
  /** SRT or WebVTT text used as the source instead of speech recognition. */
  transcript?: string;
  options: Partial<Pick<DubOptions, 'voice' | 'speakers' | 'lipSync' | 'burnSubtitles'>>;
  /** Who asked (the client's address): counted against their share of the line. */
  client: string;
}
