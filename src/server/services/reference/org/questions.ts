import type { Db } from '../../../db/client';

// Questions/add: a question from the help page, kept for the service's administrator with who asked
// it (user and organisation) and how to answer (the contact given).

export interface QuestionInput {
  name?: string | null;
  contact?: string | null;
  topic?: string | null;
  text: string;
}

export interface StoredQuestion {
  id: string;
  createdAt: string;
}

export async function addQuestion(
  db: Db,
  who: { userId: string; organizationId: string },
  input: QuestionInput,
  lang: string,
): Promise<StoredQuestion> {
  const r = await db.query<{ id: string; created_at: string | Date }>(
    `insert into help_questions (organization_id, user_id, name, contact, topic, text, lang)
     values ($1, $2, $3, $4, $5, $6, $7) returning id, created_at`,
    [
      who.organizationId,
      who.userId,
      input.name?.trim() || null,
      input.contact?.trim() || null,
      input.topic?.trim() || null,
      input.text.trim(),
      lang,
    ],
  );
  return { id: r.rows[0].id, createdAt: new Date(r.rows[0].created_at).toISOString() };
}
