export type WordsLanguage = 'ru' | 'uz' | 'en';
