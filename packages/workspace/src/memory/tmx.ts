import { LANGUAGES, type LanguageCode } from '@voxlate/core';
import type { MemoryEntry } from './disk-translation-memory.js';

/**
 * The memory as TMX 1.4 (the exchange format of translation memories, which CAT tools import):
 * one translation unit per line, its two variants tagged with BCP 47 languages (zh-Hans for
 * Mandarin, yue-Hant for Cantonese) and the time of the correction.
 */
export function toTmx(entries: readonly MemoryEntry[], tool: { name: string; version: string }): string {
  const sources = new Set(entries.map((entry) => entry.sourceLanguage));
  // The header's source language: the one all units share, or "*all*" as TMX allows.
  const srclang = sources.size === 1 ? tmxLanguage([...sources][0]!) : '*all*';
  const units = entries.map(
    (entry) =>
      `    <tu tuid="${escape(entry.id)}" creationdate="${tmxDate(entry.updatedAt)}">\n` +
      `      <tuv xml:lang="${tmxLanguage(entry.sourceLanguage)}"><seg>${escape(entry.source)}</seg></tuv>\n` +
      `      <tuv xml:lang="${tmxLanguage(entry.targetLanguage)}"><seg>${escape(entry.target)}</seg></tuv>\n` +
      '    </tu>\n',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<tmx version="1.4">\n' +
    `  <header creationtool="${escape(tool.name)}" creationtoolversion="${escape(tool.version)}" ` +
    `segtype="sentence" o-tmf="voxlate" adminlang="en" srclang="${srclang}" datatype="plaintext"/>\n` +
    `  <body>\n${units.join('')}  </body>\n</tmx>\n`
  );
}

/** The BCP 47 tag: the language's own, but Cantonese as Cantonese (yue-Hant), not as Chinese (zh-Hant). */
function tmxLanguage(code: LanguageCode): string {
  return code === 'yue' ? 'yue-Hant' : LANGUAGES[code].locale;
}

/** 2026-11-27T00:30:00.000Z -> 20261127T003000Z (TMX's form of ISO 8601). */
function tmxDate(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
}

/** XML text and attribute escaping; characters XML 1.0 cannot hold at all are left out. */
function escape(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
