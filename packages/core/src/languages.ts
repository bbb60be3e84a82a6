// The one language table lives in the contract (the web app, the service and the pipeline share it).
export {
  LANGUAGE_CODES,
  LANGUAGES,
  isLanguageCode,
  toolCode,
  type LanguageCode,
  type LanguageInfo,
  type SourceLanguage,
  type SubtitleLimits,
} from '@voxlate/contract';
