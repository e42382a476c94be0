/**
 * Runs `take` over `items`, at most `limit` at a time; items of one key run one after another in
 * their order (two changes of one document must not race). Resolves to how many `take` answered
 * true; on a failure no new group starts and the first failure is thrown once the running ones end.
 */
export async function countInGroups<T>(
  items: T[],
  keyOf: (item: T) => string,
  limit: number,
  take: (item: T) => Promise<boolean>,
): Promise<number> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const queue = [...groups.values()];
  let next = 0;
  let counted = 0;
  let failed = false;
  let failure: unknown;
  const worker = async () => {
    while (next < queue.length && !failed) {
      const group = queue[next++];
      try {
        for (const item of group) if (await take(item)) counted++;
      } catch (err) {
        if (!failed) failure = err;
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
  if (failed) throw failure;
  return counted;
}
