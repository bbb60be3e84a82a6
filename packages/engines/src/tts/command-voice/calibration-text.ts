import type { LanguageCode } from '@voxlate/core';

/**
 * A plain sentence per language, spoken once per process by each voice to measure its natural
 * median F0 (about three seconds of speech: enough voiced frames for a stable median).
 */
export const CALIBRATION_TEXT: Readonly<Record<LanguageCode, string>> = {
  eng: 'Welcome back to the channel. Today we are going to look at something new together.',
  cmn: '欢迎回到我的频道。今天我们一起来看一些新的东西。',
  yue: '歡迎返嚟我嘅頻道。今日我哋一齊睇啲新嘢。',
  jpn: '私のチャンネルへようこそ。今日は一緒に新しいものを見てみましょう。',
  kor: '제 채널에 다시 오신 것을 환영합니다. 오늘은 새로운 것을 함께 보겠습니다.',
  fra: 'Bienvenue sur ma chaîne. Aujourd’hui, nous allons découvrir quelque chose de nouveau ensemble.',
  spa: 'Bienvenidos de nuevo al canal. Hoy vamos a ver algo nuevo juntos.',
  deu: 'Willkommen zurück auf meinem Kanal. Heute schauen wir uns gemeinsam etwas Neues an.',
  ita: 'Bentornati sul mio canale. Oggi vedremo insieme qualcosa di nuovo.',
  rus: 'С возвращением на мой канал. Сегодня мы вместе посмотрим на что-то новое.',
  ell: 'Καλώς ήρθατε ξανά στο κανάλι μου. Σήμερα θα δούμε μαζί κάτι καινούργιο.',
};
