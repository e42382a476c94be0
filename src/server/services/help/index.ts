// FAQ and news for /help from data files in three languages (data/help/*.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../../engine/constants';

const HELP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../data/help');

type Text = Record<Locale, string>;
interface FaqFile {
  items: { id: string; question: Text; answer: Text }[];
}
interface NewsFile {
  items: { id: string; date: string; title: Text; body: Text }[];
}

const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(HELP_DIR, name), 'utf8')) as T;
let faq: FaqFile | null = null;
let news: NewsFile | null = null;

export function faqList(lang: Locale) {
  faq ??= read<FaqFile>('faq.json');
  return faq.items.map((i) => ({ id: i.id, question: i.question[lang], answer: i.answer[lang] }));
}

export function newsList(lang: Locale) {
  news ??= read<NewsFile>('news.json');
  return [...news.items]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((i) => ({ id: i.id, date: i.date, title: i.title[lang], body: i.body[lang] }));
}
